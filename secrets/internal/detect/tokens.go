package detect

import "strings"

// maxToken bounds the body of a token whose spec sets no maximum: no
// service issues longer ones, and a bound keeps a repeated prefix cheap.
const maxToken = 2048

// tokenSpec is a kind of token made of a fixed prefix and a random body:
// most services mark their keys that way so that scanners can find them.
type tokenSpec struct {
	rule, family, desc string
	prefixes           []string
	body               *charset
	min, max           int               // body length; max 0 is unbounded
	check              func(string) bool // nil: RandomBody
}

var (
	alnumDot    = newCharset("A-Za-z0-9.")
	alnumDash   = newCharset("A-Za-z0-9-")
	hexDash     = newCharset("0-9a-f-")
	hexUnd      = newCharset("0-9a-f_")
	b64urlEq    = newCharset("A-Za-z0-9_.=-")
	b64urlPct   = newCharset("A-Za-z0-9%")
	bech32Upper = newCharset("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
	flyioSet    = newCharset("A-Za-z0-9+/=,_-")
	authressSet = newCharset("A-Za-z0-9+/=._-")
)

func dense(b string) bool { return denseBody(b, 16) }

// tokenSpecs lists the prefixed tokens, by family. The prefixes and shapes
// are those the services document or issue; each body is checked to be
// random, so "ghp_xxxx…" and "npm_YOUR_TOKEN" are not findings.
var tokenSpecs = []tokenSpec{
	// AI model providers.
	{RuleGroq, FamilyAI, "", []string{"gsk_"}, alnum, 52, 52, nil},
	{RuleXAI, FamilyAI, "", []string{"xai-"}, alnum, 70, 0, nil},
	{RuleHuggingFace, FamilyAI, "", []string{"hf_"}, alnum, 30, 40, nil},
	{RuleHuggingFace, FamilyAI, "", []string{"api_org_"}, alnum, 30, 40, nil},
	{"perplexity-api-key", FamilyAI, "Perplexity API key (pplx-…)", []string{"pplx-"}, alnum, 48, 56, nil},
	{"replicate-api-token", FamilyAI, "Replicate API token (r8_…)", []string{"r8_"}, alnum, 37, 40, nil},
	{"langsmith-api-key", FamilyAI, "LangSmith API key (lsv2_pt_…, lsv2_sk_…)", []string{"lsv2_pt_", "lsv2_sk_"}, hexUnd, 43, 43, nil},
	{"tavily-api-key", FamilyAI, "Tavily API key (tvly-…)", []string{"tvly-"}, b64url, 32, 64, nil},
	{"pinecone-api-key", FamilyAI, "Pinecone API key (pcsk_…)", []string{"pcsk_"}, b64url, 50, 120, nil},
	// AWS.
	{"aws-bedrock-api-key", FamilyAWS, "Amazon Bedrock API key (ABSK…, bedrock-api-key-…)", []string{"ABSK"}, b64body, 109, 269, nil},
	{"aws-bedrock-api-key", FamilyAWS, "", []string{"bedrock-api-key-"}, b64body, 40, 0, dense},
	// Google Cloud.
	{"gcp-oauth-access-token", FamilyGCP, "Google OAuth 2.0 access token (ya29.…)", []string{"ya29."}, b64urlDot, 30, 4096, nil},
	{"gcp-refresh-token", FamilyGCP, "Google OAuth 2.0 refresh token (1//0…)", []string{"1//0"}, b64url, 30, 512, nil},
	{"gcp-hmac-access-id", FamilyGCP, "Google Cloud Storage HMAC access id (GOOG1…)", []string{"GOOG1"}, upperNum, 55, 61, nil},
	// Other clouds, infrastructure and observability.
	{"alibaba-access-key-id", FamilyCloud, "Alibaba Cloud access key id (LTAI…)", []string{"LTAI"}, alnum, 20, 20, nil},
	{"yandex-api-key", FamilyCloud, "Yandex Cloud API key (AQVN…)", []string{"AQVN"}, b64url, 35, 38, nil},
	{"yandex-iam-token", FamilyCloud, "Yandex Cloud IAM token (t1.…)", []string{"t1."}, b64urlEq, 100, 0, nil},
	{"digitalocean-token", FamilyCloud, "DigitalOcean token (dop_v1_, doo_v1_, dor_v1_)", []string{"dop_v1_", "doo_v1_", "dor_v1_"}, hexLower, 64, 64, nil},
	{"heroku-api-key", FamilyCloud, "Heroku API key (HRKU-AA…)", []string{"HRKU-AA"}, b64url, 58, 58, nil},
	{"flyio-token", FamilyCloud, "Fly.io token (fo1_, fm1a_, fm1r_, fm2_)", []string{"fo1_"}, b64url, 43, 43, nil},
	{"flyio-token", FamilyCloud, "", []string{"fm1a_", "fm1r_", "fm2_"}, flyioSet, 100, 0, dense},
	{"cloudflare-origin-ca-key", FamilyCloud, "Cloudflare origin CA key (v1.0-…)", []string{"v1.0-"}, hexDash, 171, 171, nil},
	{"vault-token", FamilyCloud, "HashiCorp Vault service or batch token (hvs., hvb.)", []string{"hvs."}, b64url, 90, 120, nil},
	{"vault-token", FamilyCloud, "", []string{"hvb."}, b64url, 138, 300, dense},
	{"doppler-token", FamilyCloud, "Doppler token (dp.pt., dp.st., dp.sa., dp.ct., dp.scim., dp.audit.)", []string{"dp.pt.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."}, alnum, 40, 44, nil},
	{"doppler-token", FamilyCloud, "", []string{"dp.st."}, b64urlDot, 40, 80, nil},
	{"pulumi-access-token", FamilyCloud, "Pulumi access token (pul-…)", []string{"pul-"}, hexLower, 40, 40, nil},
	{"prefect-api-key", FamilyCloud, "Prefect API key (pnu_…)", []string{"pnu_"}, alnum, 36, 36, nil},
	{"scalingo-api-token", FamilyCloud, "Scalingo API token (tk-us-…)", []string{"tk-us-"}, b64url, 48, 48, nil},
	{"harness-token", FamilyCloud, "Harness personal or service account token (pat.…, sat.…)", []string{"pat.", "sat."}, b64urlDot, 68, 68, nil},
	{"octopus-deploy-api-key", FamilyCloud, "Octopus Deploy API key (API-…)", []string{"API-"}, upperNum, 26, 32, nil},
	{"infracost-api-token", FamilyCloud, "Infracost API token (ico-…)", []string{"ico-"}, alnum, 32, 32, nil},
	{"databricks-token", FamilyCloud, "Databricks token (dapi…)", []string{"dapi"}, hexDash, 32, 34, nil},
	{"dynatrace-api-token", FamilyCloud, "Dynatrace API token (dt0c01.…)", []string{"dt0c01."}, alnumDot, 89, 89, nil},
	{"planetscale-token", FamilyCloud, "PlanetScale token or password (pscale_tkn_, pscale_oauth_, pscale_pw_)", []string{"pscale_tkn_", "pscale_oauth_", "pscale_pw_"}, b64urlEq, 32, 64, nil},
	{"clickhouse-cloud-secret", FamilyCloud, "ClickHouse Cloud API secret (4b1d…)", []string{"4b1d"}, alnum, 38, 38, nil},
	{"settlemint-token", FamilyCloud, "SettleMint access token (sm_aat_, sm_pat_, sm_sat_)", []string{"sm_aat_", "sm_pat_", "sm_sat_"}, alnum, 16, 16, nil},
	{"authress-access-key", FamilyCloud, "Authress service client access key (sc_…, ext_…, authress_… with .acc_)", []string{"sc_", "ext_", "scauth_", "authress_"}, authressSet, 50, 200, authressBody},
	{"grafana-token", FamilyCloud, "Grafana API key, cloud token or service account token (eyJrIjoi…, glc_, glsa_)", []string{"eyJrIjoi"}, b64body, 70, 400, nil},
	{"grafana-token", FamilyCloud, "", []string{"glc_"}, b64body, 32, 400, nil},
	{"grafana-token", FamilyCloud, "", []string{"glsa_"}, alnumUnd, 41, 41, nil},
	{"new-relic-key", FamilyCloud, "New Relic user, insert or browser key (NRAK-, NRII-, NRJS-)", []string{"NRAK-"}, upperNum, 27, 27, nil},
	{"new-relic-key", FamilyCloud, "", []string{"NRII-"}, alnumDash, 32, 32, nil},
	{"new-relic-key", FamilyCloud, "", []string{"NRJS-"}, hexLower, 19, 19, nil},
	{"sentry-token", FamilyCloud, "Sentry user or organization token (sntryu_, sntrys_)", []string{"sntryu_"}, hexLower, 64, 64, nil},
	{"sentry-token", FamilyCloud, "", []string{"sntrys_"}, authressSet, 100, 0, dense},
	{"sonarqube-token", FamilyCloud, "SonarQube token (squ_, sqp_, sqa_)", []string{"squ_", "sqp_", "sqa_"}, hexLower, 40, 40, nil},
	{"openshift-user-token", FamilyCloud, "OpenShift user token (sha256~…)", []string{"sha256~"}, b64url, 43, 43, nil},
	// Source hosting, CI and package registries.
	{RuleGitHubPAT, FamilyCode, "", []string{"github_pat_"}, alnumUnd, 70, 0, nil},
	{RuleGitLab, FamilyCode, "", []string{"glpat-"}, b64urlDot, 20, 300, nil},
	{"gitlab-token", FamilyCode, "GitLab deploy, runner, feed, OAuth, SCIM, CI job, agent and trigger tokens (gldt-, glrt-, glft-, gloas-, …)", []string{"gldt-", "glft-", "glsoat-", "glffct-"}, b64url, 20, 20, nil},
	{"gitlab-token", FamilyCode, "", []string{"glrt-"}, b64urlDot, 20, 300, nil},
	{"gitlab-token", FamilyCode, "", []string{"glimt-"}, b64url, 25, 25, nil},
	{"gitlab-token", FamilyCode, "", []string{"glagent-"}, b64url, 50, 50, nil},
	{"gitlab-token", FamilyCode, "", []string{"gloas-"}, b64url, 64, 64, nil},
	{"gitlab-token", FamilyCode, "", []string{"glptt-"}, hexLower, 40, 40, nil},
	{"gitlab-token", FamilyCode, "", []string{"glcbt-"}, b64url, 22, 26, nil},
	{"gitlab-token", FamilyCode, "", []string{"GR1348941"}, b64url, 20, 20, nil},
	{"npm-access-token", FamilyCode, "npm access token (npm_…)", []string{"npm_"}, alnum, 36, 36, nil},
	{"pypi-upload-token", FamilyCode, "PyPI upload token (pypi-AgEIcHlwaS5vcmc…)", []string{"pypi-AgEIcHlwaS5vcmc"}, b64url, 50, 1000, dense},
	{"rubygems-api-token", FamilyCode, "RubyGems API token (rubygems_…)", []string{"rubygems_"}, hexLower, 48, 48, nil},
	{"clojars-api-token", FamilyCode, "Clojars deploy token (CLOJARS_…)", []string{"CLOJARS_"}, alnum, 60, 60, nil},
	{"artifactory-token", FamilyCode, "JFrog Artifactory API key or reference token (AKCp…, cmVmd…)", []string{"AKCp"}, alnum, 69, 73, nil},
	{"artifactory-token", FamilyCode, "", []string{"cmVmd"}, alnum, 59, 59, nil},
	{"sourcegraph-token", FamilyCode, "Sourcegraph access token (sgp_…)", []string{"sgp_"}, alnumUnd, 40, 57, nil},
	{"postman-api-key", FamilyCode, "Postman API key (PMAK-…)", []string{"PMAK-"}, hexDash, 59, 59, nil},
	// Chat, e-mail and webhooks.
	{"sendgrid-api-key", FamilyChat, "SendGrid API key (SG.….…)", []string{"SG."}, b64urlDot, 66, 69, nil},
	{"brevo-api-key", FamilyChat, "Brevo (Sendinblue) API or SMTP key (xkeysib-, xsmtpsib-)", []string{"xkeysib-", "xsmtpsib-"}, alnumDash, 81, 81, nil},
	{"mailgun-api-key", FamilyChat, "Mailgun private API key (key- and 32 hex digits)", []string{"key-"}, hexLower, 32, 32, nil},
	{"twilio-api-key", FamilyChat, "Twilio API key secret id (SK and 32 hex digits)", []string{"SK"}, hexAny, 32, 32, nil},
	// Payments, commerce and social.
	{RuleStripe, FamilyPay, "", []string{"rk_live_", "rk_prod_"}, alnum, 20, 0, nil},
	{"stripe-webhook-secret", FamilyPay, "Stripe webhook signing secret (whsec_…)", []string{"whsec_"}, alnum, 32, 64, nil},
	{"square-token", FamilyPay, "Square access token or application secret (EAAA…, sq0atp-, sq0csp-)", []string{"sq0atp-", "sq0csp-"}, b64url, 22, 60, nil},
	{"square-token", FamilyPay, "", []string{"EAAA"}, b64url, 56, 64, mixedCase},
	{"shopify-token", FamilyPay, "Shopify access token or shared secret (shpat_, shpca_, shppa_, shpss_)", []string{"shpat_", "shpca_", "shppa_", "shpss_"}, hexAny, 32, 32, nil},
	{"duffel-api-token", FamilyPay, "Duffel live API token (duffel_live_…)", []string{"duffel_live_"}, b64any, 43, 43, nil},
	{"shippo-api-token", FamilyPay, "Shippo live API token (shippo_live_…)", []string{"shippo_live_"}, hexAny, 40, 40, nil},
	{"easypost-api-key", FamilyPay, "EasyPost production API key (EZAK…)", []string{"EZAK"}, alnum, 54, 54, nil},
	{"flutterwave-secret-key", FamilyPay, "Flutterwave live secret key (FLWSECK-…-X)", []string{"FLWSECK-"}, alnumDash, 34, 34, nil},
	{"facebook-page-token", FamilyPay, "Facebook (Meta) user or page access token (EAAC…, EAAM…, EAAG…)", []string{"EAAC", "EAAM", "EAAG"}, alnum, 100, 0, mixedCase},
	{"twitter-bearer-token", FamilyPay, "X (Twitter) app bearer token (AAAAAAAAAAAAAAAAAAAAA…)", []string{"AAAAAAAAAAAAAAAAAAAA"}, b64urlPct, 80, 130, twitterBody},
	{"dropbox-token", FamilyPay, "Dropbox short-lived access token (sl.…)", []string{"sl."}, b64urlEq, 130, 1400, nil},
	{"mapbox-secret-token", FamilyPay, "Mapbox secret or temporary token (sk.eyJ…, tk.eyJ…)", []string{"sk.eyJ", "tk.eyJ"}, b64urlDot, 80, 0, nil},
	// Other SaaS APIs.
	{"atlassian-api-token", FamilySaaS, "Atlassian (Jira, Confluence) API token (ATATT3…, ATCTT3…)", []string{"ATATT3", "ATCTT3"}, b64any, 150, 250, nil},
	{"linear-api-key", FamilySaaS, "Linear API key (lin_api_…)", []string{"lin_api_"}, alnum, 40, 40, nil},
	{"notion-token", FamilySaaS, "Notion integration token (ntn_…, secret_…)", []string{"ntn_"}, alnum, 46, 46, nil},
	{"notion-token", FamilySaaS, "", []string{"secret_"}, alnum, 43, 43, nil},
	{"airtable-token", FamilySaaS, "Airtable personal access token (pat….…)", []string{"pat"}, alnumDot, 79, 79, airtableBody},
	{"readme-api-key", FamilySaaS, "ReadMe API key (rdme_…)", []string{"rdme_"}, alnum, 70, 70, nil},
	{"frameio-api-token", FamilySaaS, "Frame.io API token (fio-u-…)", []string{"fio-u-"}, b64any, 64, 64, nil},
	{"typeform-api-token", FamilySaaS, "Typeform personal token (tfp_…)", []string{"tfp_"}, b64urlEq, 59, 64, nil},
	{"adobe-client-secret", FamilySaaS, "Adobe client secret (p8e-…)", []string{"p8e-"}, alnum, 32, 32, nil},
	{"intra42-client-secret", FamilySaaS, "42 intra client secret (s-s4t2ud-, s-s4t2af-)", []string{"s-s4t2ud-", "s-s4t2af-"}, hexLower, 64, 64, nil},
	{"onepassword-service-token", FamilySaaS, "1Password service account token (ops_eyJ…)", []string{"ops_eyJ"}, b64body, 250, 0, dense},
	// Private keys.
	{RuleAge, FamilyKeys, "", []string{"AGE-SECRET-KEY-1"}, bech32Upper, 58, 58, nil},
}

// mixedCase wants the upper and lower case letters of a random base64 or
// alphanumeric body: a prefix that is hex digits (EAAA, EAAC) is the start
// of as many upper-case hex digests.
func mixedCase(b string) bool {
	return strings.ContainsAny(b, "abcdefghijklmnopqrstuvwxyz") && strings.ContainsAny(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && RandomBody(b)
}

// authressBody wants the ".acc_" or ".acc-" part of an Authress key.
func authressBody(b string) bool {
	return (strings.Contains(b, ".acc_") || strings.Contains(b, ".acc-")) && strings.Count(b, ".") >= 3 && RandomBody(b)
}

// airtableBody is 14 characters, a dot and 64 hex digits.
func airtableBody(b string) bool {
	return b[14] == '.' && run(b, 15, hexLower) == len(b) && RandomBody(b[15:])
}

// twitterBody is what follows the run of A's of an app bearer token.
func twitterBody(b string) bool {
	return RandomBody(strings.TrimLeft(b, "A"))
}

func init() {
	for i := range tokenSpecs {
		t := &tokenSpecs[i]
		addAnchor(t.matcher(), t.prefixes...)
	}
	initSpecial()
}

// matcher builds the matcher of a spec: a prefix, then a body of the
// spec's alphabet and length that passes its check, ending at a word end.
func (t *tokenSpec) matcher() matcher {
	check := t.check
	if check == nil {
		check = RandomBody
	}
	return func(s string, i int) (Match, bool) {
		for _, p := range t.prefixes {
			if !strings.HasPrefix(s[i:], p) {
				continue
			}
			b := i + len(p)
			limit := t.max + 1
			if t.max == 0 {
				limit = maxToken + 1
			}
			e := runMax(s, b, t.body, limit)
			for e > b && (s[e-1] == '.' || s[e-1] == ',') && t.body[s[e-1]] {
				e-- // the end of a sentence or of a list, not of the token
			}
			n := e - b
			if n < t.min || n >= limit || !wordEnd(s, e) || !check(s[b:e]) {
				return Match{}, false
			}
			return Match{Rule: t.rule, Start: i, End: e, Keep: len(p)}, true
		}
		return Match{}, false
	}
}
