package secrets

import "github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"

// Rule describes one kind of secret the scanner knows: its ID, its family
// and what it finds.
type Rule = detect.Rule

// Rules returns the rules, grouped by family in documentation order.
func Rules() []Rule { return detect.Rules() }

// Families returns the family names in documentation order.
func Families() []string { return detect.Families() }

// The rule IDs, as findings, baselines and redaction placeholders name
// them.
const (
	RuleAnthropic     = detect.RuleAnthropic
	RuleAnthropicAdm  = detect.RuleAnthropicAdm
	RuleOpenAI        = detect.RuleOpenAI
	RuleSKKey         = detect.RuleSKKey
	RuleOpenRouter    = detect.RuleOpenRouter
	RuleGoogle        = detect.RuleGoogle
	RuleAWSKeyID      = detect.RuleAWSKeyID
	RuleAWSSecret     = detect.RuleAWSSecret
	RuleAWSSession    = detect.RuleAWSSession
	RuleGitHub        = detect.RuleGitHub
	RuleGitHubPAT     = detect.RuleGitHubPAT
	RuleGitLab        = detect.RuleGitLab
	RuleSlackToken    = detect.RuleSlackToken
	RuleSlackWebhook  = detect.RuleSlackWebhook
	RuleTeamsWebhook  = detect.RuleTeamsWebhook
	RuleDiscordHook   = detect.RuleDiscordHook
	RuleGChatWebhook  = detect.RuleGChatWebhook
	RuleZapierWebhook = detect.RuleZapierWebhook
	RuleStripe        = detect.RuleStripe
	RuleElevenLabs    = detect.RuleElevenLabs
	RuleHuggingFace   = detect.RuleHuggingFace
	RuleGroq          = detect.RuleGroq
	RuleXAI           = detect.RuleXAI
	RuleTelegram      = detect.RuleTelegram
	RuleDiscordBot    = detect.RuleDiscordBot
	RuleFacebook      = detect.RuleFacebook
	RuleAzureSecret   = detect.RuleAzureSecret
	RuleAzureStorage  = detect.RuleAzureStorage
	RuleAzureSAS      = detect.RuleAzureSAS
	RuleAzureSAKey    = detect.RuleAzureSAKey
	RuleTerraform     = detect.RuleTerraform
	RuleMaxMind       = detect.RuleMaxMind
	RuleMailchimp     = detect.RuleMailchimp
	RuleGitLabSession = detect.RuleGitLabSession
	RuleOnePassword   = detect.RuleOnePassword
	RulePrivateKey    = detect.RulePrivateKey
	RuleAge           = detect.RuleAge
	RuleJWT           = detect.RuleJWT
	RuleKubernetes    = detect.RuleKubernetes
	RuleAuthorization = detect.RuleAuthorization
	RuleURLPassword   = detect.RuleURLPassword
	RuleCurlUser      = detect.RuleCurlUser
	RuleGeneric       = detect.RuleGeneric
	RuleVendor        = detect.RuleVendor

	// RuleNotScanned is the finding of a recording that could not be read:
	// nothing in it was checked.
	RuleNotScanned = detect.RuleNotScanned
	// RuleNotDecoded is the finding of a recording that does not decode
	// (a merge conflict, a truncated file): it was scanned as text only,
	// so secrets under names in broken JSON may have been missed.
	RuleNotDecoded = detect.RuleNotDecoded
)
