package detect

// Rule describes one kind of secret the scanner knows.
type Rule struct {
	// ID names the rule in findings, baselines and redaction placeholders.
	ID string
	// Family groups rules for documentation: "AI providers", "AWS", ….
	Family string
	// Description says what the rule finds, for help and documentation.
	Description string
}

// The IDs of the rules that have matchers of their own, and of the two
// findings that stand for a file rather than a secret. Every other rule is
// named only in the tables of tokens.go.
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
	FamilyAI      = "AI model providers"
	FamilyAWS     = "AWS"
	FamilyGCP     = "Google Cloud"
	FamilyAzure   = "Azure"
	FamilyCloud   = "Other clouds, infrastructure and observability"
	FamilyCode    = "Source hosting, CI and package registries"
	FamilyChat    = "Chat, e-mail and webhooks"
	FamilyPay     = "Payments, commerce and social"
	FamilySaaS    = "Other SaaS APIs"
	FamilyKeys    = "Private keys"
	FamilyAuth    = "Tokens, headers and URLs"
	FamilyGeneric = "Credentials under their names"
	FamilyUnseen  = "Files the scan could not read"
)

// Families returns the family names in documentation order.
func Families() []string {
	return []string{FamilyAI, FamilyAWS, FamilyGCP, FamilyAzure, FamilyCloud, FamilyCode, FamilyChat, FamilyPay, FamilySaaS, FamilyKeys, FamilyAuth, FamilyGeneric, FamilyUnseen}
}

// specialRules are the rules implemented by matchers of their own; the
// prefixed tokens of tokens.go add theirs to the list.
var specialRules = []Rule{
	{RuleAnthropic, FamilyAI, "Anthropic API key (sk-ant-api03-…)"},
	{RuleAnthropicAdm, FamilyAI, "Anthropic admin key (sk-ant-admin01-…)"},
	{RuleOpenAI, FamilyAI, "OpenAI key (sk-proj-…, sk-svcacct-…, sk-admin-…, legacy sk-…T3BlbkFJ…)"},
	{RuleSKKey, FamilyAI, "sk- key of an OpenAI-compatible provider (DeepSeek, DashScope, Moonshot, …): sk- and 32 to 64 random letters and digits"},
	{RuleOpenRouter, FamilyAI, "OpenRouter key (sk-or-v1- and 64 hex digits)"},
	{RuleElevenLabs, FamilyAI, "ElevenLabs API key (sk_ and 48 hex digits)"},
	{RuleGroq, FamilyAI, "Groq API key (gsk_…)"},
	{RuleXAI, FamilyAI, "xAI API key (xai-…)"},
	{RuleHuggingFace, FamilyAI, "Hugging Face user or organization token (hf_…, api_org_…)"},
	{RuleAWSKeyID, FamilyAWS, "AWS access key id (AKIA, ASIA, ABIA, ACCA, A3T… and 16 more characters)"},
	{RuleAWSSecret, FamilyAWS, "AWS secret access key (40 characters under its name or beside an access key id)"},
	{RuleAWSSession, FamilyAWS, "AWS temporary session token (IQoJb3JpZ2luX2Vj…, FwoGZXIvYXdz…): STS, SSO and instance credentials"},
	{RuleGoogle, FamilyGCP, "Google API key (AIza and 35 characters)"},
	{RuleAzureSecret, FamilyAzure, "Microsoft Entra ID (Azure AD) client secret (…8Q~…)"},
	{RuleAzureStorage, FamilyAzure, "Azure storage account key (AccountKey= and 88 base64 characters)"},
	{RuleAzureSAS, FamilyAzure, "Azure shared access signature (sig= in a URL with sv= or se=)"},
	{RuleAzureSAKey, FamilyAzure, "Azure Service Bus / Event Hubs shared access key (SharedAccessKey=…)"},
	{RuleTerraform, FamilyCloud, "Terraform Cloud / HCP API token (….atlasv1.…)"},
	{RuleGitHub, FamilyCode, "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_ with a valid CRC32 checksum)"},
	{RuleGitHubPAT, FamilyCode, "GitHub fine-grained personal access token (github_pat_…)"},
	{RuleGitLab, FamilyCode, "GitLab personal access token (glpat-…, routable glpat-….xx…)"},
	{RuleGitLabSession, FamilyCode, "GitLab session cookie (_gitlab_session=…)"},
	{RuleSlackToken, FamilyChat, "Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxo-, xoxe-, xoxe.xoxp-, xapp-)"},
	{RuleSlackWebhook, FamilyChat, "Slack webhook URL (hooks.slack.com/services/, /workflows/, /triggers/)"},
	{RuleTeamsWebhook, FamilyChat, "Microsoft Teams incoming webhook URL (….webhook.office.com/webhookb2/…)"},
	{RuleDiscordHook, FamilyChat, "Discord webhook URL (discord.com/api/webhooks/<id>/<token>)"},
	{RuleGChatWebhook, FamilyChat, "Google Chat webhook URL (chat.googleapis.com/v1/spaces/…/messages?key=…&token=…)"},
	{RuleZapierWebhook, FamilyChat, "Zapier catch hook URL (hooks.zapier.com/hooks/catch/…)"},
	{RuleTelegram, FamilyChat, "Telegram bot token (<bot id>:AA…, also in api.telegram.org/bot… URLs)"},
	{RuleDiscordBot, FamilyChat, "Discord bot token (<base64 bot id>.<timestamp>.<HMAC>)"},
	{RuleMailchimp, FamilyChat, "Mailchimp API key (32 hex digits and -us<NN>)"},
	{RuleStripe, FamilyPay, "Stripe live secret or restricted key (sk_live_, rk_live_, sk_prod_, rk_prod_)"},
	{RuleFacebook, FamilyPay, "Facebook app access token (<app id>|<secret>)"},
	{RuleMaxMind, FamilySaaS, "MaxMind license key (…_mmk)"},
	{RuleOnePassword, FamilySaaS, "1Password account secret key (A3-…)"},
	{RulePrivateKey, FamilyKeys, "private key: every PEM kind (RSA, EC, DSA, PKCS#8, encrypted, OpenSSH, PGP, SSH2), PuTTY .ppk, also with escaped newlines"},
	{RuleAge, FamilyKeys, "age secret key (AGE-SECRET-KEY-1…)"},
	{RuleJWT, FamilyAuth, "JSON Web Token (eyJ….eyJ….signature), also base64-encoded (ZXlK…)"},
	{RuleAuthorization, FamilyAuth, "Authorization header credentials: Bearer, Token or Basic"},
	{RuleURLPassword, FamilyAuth, "password in a URL (scheme://user:password@host)"},
	{RuleCurlUser, FamilyAuth, "password in curl -u / --user user:password"},
	{RuleKubernetes, FamilyAuth, "value in the data or stringData of a Kubernetes Secret (YAML or JSON)"},
	{RuleGeneric, FamilyGeneric, "random-looking value, hex and base64 included, under a credential name (api_key, password, client_secret, access_token, session_token, X-Api-Key, …) in JSON, JSON inside strings, form bodies, headers, YAML, env files, XML and command lines"},
	{RuleVendor, FamilyGeneric, "random-looking token under a name holding a service's name and key, auth or creds (DATADOG_APP_KEY, twitter_consumer_key, …)"},
	{RuleNotScanned, FamilyUnseen, "a recording that could not be read: not scanned"},
	{RuleNotDecoded, FamilyUnseen, "a recording that does not decode: scanned as text only"},
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
