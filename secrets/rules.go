package secrets

// Rule describes one kind of secret the scanner knows.
type Rule struct {
	// ID names the rule in findings, baselines and redaction placeholders.
	ID string
	// Family groups rules for documentation: "AI providers", "AWS", ….
	Family string
	// Description says what the rule finds, for help and documentation.
	Description string
}

// Rule IDs that other files of the package refer to by name. Every other
// rule is named only in the tables of tokens.go.
const (
	RuleAnthropic     = "anthropic-api-key"
	RuleAnthropicAdm  = "anthropic-admin-key"
	RuleOpenAI        = "openai-api-key"
	RuleSKKey         = "sk-api-key"
	RuleOpenRouter    = "openrouter-api-key"
	RuleGoogle        = "google-api-key"
	RuleAWSKeyID      = "aws-access-key-id"
	RuleAWSSecret     = "aws-secret-access-key"
	RuleAWSSession    = "aws-session-token"
	RuleGitHub        = "github-token"
	RuleGitHubPAT     = "github-fine-grained-pat"
	RuleGitLab        = "gitlab-pat"
	RuleSlackToken    = "slack-token"
	RuleSlackWebhook  = "slack-webhook"
	RuleTeamsWebhook  = "teams-webhook"
	RuleDiscordHook   = "discord-webhook"
	RuleGChatWebhook  = "google-chat-webhook"
	RuleZapierWebhook = "zapier-webhook"
	RuleStripe        = "stripe-live-key"
	RuleElevenLabs    = "elevenlabs-api-key"
	RuleHuggingFace   = "huggingface-token"
	RuleGroq          = "groq-api-key"
	RuleXAI           = "xai-api-key"
	RuleTelegram      = "telegram-bot-token"
	RuleDiscordBot    = "discord-bot-token"
	RuleFacebook      = "facebook-access-token"
	RuleAzureSecret   = "azure-ad-client-secret"
	RuleAzureStorage  = "azure-storage-account-key"
	RuleAzureSAS      = "azure-sas-token"
	RuleAzureSAKey    = "azure-shared-access-key"
	RuleTerraform     = "terraform-cloud-token"
	RuleMaxMind       = "maxmind-license-key"
	RuleMailchimp     = "mailchimp-api-key"
	RuleGitLabSession = "gitlab-session-cookie"
	RuleOnePassword   = "onepassword-secret-key"
	RulePrivateKey    = "private-key"
	RuleAge           = "age-secret-key"
	RuleJWT           = "jwt"
	RuleKubernetes    = "kubernetes-secret"
	RuleAuthorization = "authorization-header"
	RuleURLPassword   = "url-password"
	RuleCurlUser      = "curl-user-password"
	RuleGeneric       = "generic-secret"
	RuleVendor        = "vendor-secret"

	// RuleNotScanned is the finding of a recording that could not be read:
	// nothing in it was checked.
	RuleNotScanned = "not-scanned"
	// RuleNotDecoded is the finding of a recording that does not decode
	// (a merge conflict, a truncated file): it was scanned as text only,
	// so secrets under names in broken JSON may have been missed.
	RuleNotDecoded = "not-decoded"
)

// Families, in the order the documentation lists them.
const (
	famAI      = "AI model providers"
	famAWS     = "AWS"
	famGCP     = "Google Cloud"
	famAzure   = "Azure"
	famCloud   = "Other clouds, infrastructure and observability"
	famCode    = "Source hosting, CI and package registries"
	famChat    = "Chat, e-mail and webhooks"
	famPay     = "Payments, commerce and social"
	famSaaS    = "Other SaaS APIs"
	famKeys    = "Private keys"
	famAuth    = "Tokens, headers and URLs"
	famGeneric = "Credentials under their names"
	famUnseen  = "Files the scan could not read"
)

// Families returns the family names in documentation order.
func Families() []string {
	return []string{famAI, famAWS, famGCP, famAzure, famCloud, famCode, famChat, famPay, famSaaS, famKeys, famAuth, famGeneric, famUnseen}
}

// specialRules are the rules implemented by matchers of their own; the
// prefixed tokens of tokens.go add theirs to the list.
var specialRules = []Rule{
	{RuleAnthropic, famAI, "Anthropic API key (sk-ant-api03-…)"},
	{RuleAnthropicAdm, famAI, "Anthropic admin key (sk-ant-admin01-…)"},
	{RuleOpenAI, famAI, "OpenAI key (sk-proj-…, sk-svcacct-…, sk-admin-…, legacy sk-…T3BlbkFJ…)"},
	{RuleSKKey, famAI, "sk- key of an OpenAI-compatible provider (DeepSeek, DashScope, Moonshot, …): sk- and 32 to 64 random letters and digits"},
	{RuleOpenRouter, famAI, "OpenRouter key (sk-or-v1- and 64 hex digits)"},
	{RuleElevenLabs, famAI, "ElevenLabs API key (sk_ and 48 hex digits)"},
	{RuleGroq, famAI, "Groq API key (gsk_…)"},
	{RuleXAI, famAI, "xAI API key (xai-…)"},
	{RuleHuggingFace, famAI, "Hugging Face user or organization token (hf_…, api_org_…)"},
	{RuleAWSKeyID, famAWS, "AWS access key id (AKIA, ASIA, ABIA, ACCA, A3T… and 16 more characters)"},
	{RuleAWSSecret, famAWS, "AWS secret access key (40 characters under its name or beside an access key id)"},
	{RuleAWSSession, famAWS, "AWS temporary session token (IQoJb3JpZ2luX2Vj…, FwoGZXIvYXdz…): STS, SSO and instance credentials"},
	{RuleGoogle, famGCP, "Google API key (AIza and 35 characters)"},
	{RuleAzureSecret, famAzure, "Microsoft Entra ID (Azure AD) client secret (…8Q~…)"},
	{RuleAzureStorage, famAzure, "Azure storage account key (AccountKey= and 88 base64 characters)"},
	{RuleAzureSAS, famAzure, "Azure shared access signature (sig= in a URL with sv= or se=)"},
	{RuleAzureSAKey, famAzure, "Azure Service Bus / Event Hubs shared access key (SharedAccessKey=…)"},
	{RuleTerraform, famCloud, "Terraform Cloud / HCP API token (….atlasv1.…)"},
	{RuleGitHub, famCode, "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_ with a valid CRC32 checksum)"},
	{RuleGitHubPAT, famCode, "GitHub fine-grained personal access token (github_pat_…)"},
	{RuleGitLab, famCode, "GitLab personal access token (glpat-…, routable glpat-….xx…)"},
	{RuleGitLabSession, famCode, "GitLab session cookie (_gitlab_session=…)"},
	{RuleSlackToken, famChat, "Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxo-, xoxe-, xoxe.xoxp-, xapp-)"},
	{RuleSlackWebhook, famChat, "Slack webhook URL (hooks.slack.com/services/, /workflows/, /triggers/)"},
	{RuleTeamsWebhook, famChat, "Microsoft Teams incoming webhook URL (….webhook.office.com/webhookb2/…)"},
	{RuleDiscordHook, famChat, "Discord webhook URL (discord.com/api/webhooks/<id>/<token>)"},
	{RuleGChatWebhook, famChat, "Google Chat webhook URL (chat.googleapis.com/v1/spaces/…/messages?key=…&token=…)"},
	{RuleZapierWebhook, famChat, "Zapier catch hook URL (hooks.zapier.com/hooks/catch/…)"},
	{RuleTelegram, famChat, "Telegram bot token (<bot id>:AA…, also in api.telegram.org/bot… URLs)"},
	{RuleDiscordBot, famChat, "Discord bot token (<base64 bot id>.<timestamp>.<HMAC>)"},
	{RuleMailchimp, famChat, "Mailchimp API key (32 hex digits and -us<NN>)"},
	{RuleStripe, famPay, "Stripe live secret or restricted key (sk_live_, rk_live_, sk_prod_, rk_prod_)"},
	{RuleFacebook, famPay, "Facebook app access token (<app id>|<secret>)"},
	{RuleMaxMind, famSaaS, "MaxMind license key (…_mmk)"},
	{RuleOnePassword, famSaaS, "1Password account secret key (A3-…)"},
	{RulePrivateKey, famKeys, "private key: every PEM kind (RSA, EC, DSA, PKCS#8, encrypted, OpenSSH, PGP, SSH2), PuTTY .ppk, also with escaped newlines"},
	{RuleAge, famKeys, "age secret key (AGE-SECRET-KEY-1…)"},
	{RuleJWT, famAuth, "JSON Web Token (eyJ….eyJ….signature), also base64-encoded (ZXlK…)"},
	{RuleAuthorization, famAuth, "Authorization header credentials: Bearer, Token or Basic"},
	{RuleURLPassword, famAuth, "password in a URL (scheme://user:password@host)"},
	{RuleCurlUser, famAuth, "password in curl -u / --user user:password"},
	{RuleKubernetes, famAuth, "value in the data or stringData of a Kubernetes Secret (YAML or JSON)"},
	{RuleGeneric, famGeneric, "random-looking value under a credential name (api_key, password, client_secret, access_token, session_token, X-Api-Key, …) in JSON, JSON inside strings, form bodies, headers, YAML, env files, XML and command lines"},
	{RuleVendor, famGeneric, "random-looking token under a name holding a service's name and key, auth or creds (DATADOG_APP_KEY, twitter_consumer_key, …)"},
	{RuleNotScanned, famUnseen, "a recording that could not be read: not scanned"},
	{RuleNotDecoded, famUnseen, "a recording that does not decode: scanned as text only"},
}

var ruleList = func() []Rule {
	out := append([]Rule(nil), specialRules...)
	for _, t := range tokenSpecs {
		if !ruleKnown(out, t.rule) {
			out = append(out, Rule{ID: t.rule, Family: t.family, Description: t.desc})
		}
	}
	return out
}()

func ruleKnown(rs []Rule, id string) bool {
	for _, r := range rs {
		if r.ID == id {
			return true
		}
	}
	return false
}

// Rules returns the rules, grouped by family in documentation order.
func Rules() []Rule {
	var out []Rule
	for _, f := range Families() {
		for _, r := range ruleList {
			if r.Family == f {
				out = append(out, r)
			}
		}
	}
	return out
}

// Unscanned reports whether a finding stands for a file that was not fully
// scanned (unreadable or undecodable) rather than for a secret. A baseline
// never accepts such a finding.
func (f Finding) Unscanned() bool { return f.Rule == RuleNotScanned || f.Rule == RuleNotDecoded }
