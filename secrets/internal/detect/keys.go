package detect

import (
	"bytes"
	"math"
	"strings"
)

// KeyKind is what a name says about the value under it.
type KeyKind uint8

// The kinds of names.
const (
	KeyNone          KeyKind = iota
	KeyCredential            // api_key, password, client_secret: a UUID counts
	KeyToken                 // access_token, session_token: a UUID is an id
	KeyAuthorization         // Authorization: scheme and credentials
	KeyDockerAuth            // "auth" of a Docker config: base64 user:password
	KeyAWSSecret             // aws_secret_access_key
	KeyVendor                // DATADOG_APP_KEY: a service's name and key
	KeyK8sData               // a value in a Kubernetes Secret's data (base64)
	KeyK8sString             // a value in a Kubernetes Secret's stringData
)

// credentialNames are whole names (lower-cased, without - _ . and spaces)
// whose values are credentials.
var credentialNames = map[string]KeyKind{
	"pwd": KeyCredential, "pass": KeyCredential, "passcode": KeyCredential, "credentials": KeyToken,
	"credential": KeyToken, "creds": KeyToken, "token": KeyToken, "jwt": KeyToken, "bearer": KeyToken,
	"pat": KeyToken, "sharedaccesssignature": KeyToken,
}

// credentialSuffixes end the names of credentials: OPENAI_API_KEY,
// stripeSecretKey, db_password, client_secret.
var credentialSuffixes = []string{
	"apikey", "apisecret", "secretkey", "privatekey", "password", "passwd", "passphrase", "secret",
	"accesskey", "accountkey", "masterkey", "subscriptionkey", "signingkey", "encryptionkey", "pwd",
	"licensekey",
}

// tokenSuffixes end the names of tokens.
var tokenSuffixes = []string{
	"accesstoken", "authtoken", "apitoken", "refreshtoken", "sessiontoken", "securitytoken", "idtoken",
	"bottoken", "oauthtoken", "bearertoken", "usertoken", "apptoken", "servicetoken", "deploytoken",
	"privatetoken", "personaltoken", "accesstokensecret",
}

// notCredentials are names that end like a credential's and are not one.
var notCredentials = []string{
	"publickey", "publicapikey", "pubkey", "publishablekey", "pagetoken", "nexttoken", "continuationtoken",
	"synctoken", "paginationtoken", "cursortoken", "resumetoken", "cancellationtoken", "canceltoken",
	"csrftoken", "xsrftoken", "idempotencytoken", "clienttoken", "requesttoken", "secretname", "secretref",
}

// vendors are the service names that make a name a credential's when it
// ends in key, auth, creds or token (TWITTER_CONSUMER_KEY, hubspotAuth):
// those of gitleaks' keyword rules and the services recordings talk to.
var vendors = map[string]bool{}

func init() {
	for _, v := range strings.Fields(`adafruit airtable algolia alibaba aliyun asana atlassian confluence jira
	beamer bitbucket bittrex meraki cloudflare codecov cohere coinbase confluent contentful datadog discord
	droneci drone dropbox etsy facebook fastly finicity finnhub flickr freshbooks gitter gocardless heroku
	hubspot intercom jfrog artifactory bintray kraken kucoin launchdarkly linear linkedin looker mailchimp
	mailgun mapbox mattermost messagebird netlify newrelic nytimes okta plaid privateai rapidapi sendbird
	sendgrid sentry snyk sonar squarespace sumologic sumo telegram travis twitch twitter typeform yandex
	zendesk contribsys mistral together anthropic openai groq replicate deepseek fireworks perplexity voyage
	cerebras elevenlabs pinecone weaviate qdrant stripe paypal braintree twilio slack github gitlab npm pypi
	docker azure gcp google aws digitalocean vercel supabase firebase auth0 clerk segment mixpanel amplitude
	pagerduty opsgenie circleci buildkite vault doppler pulumi terraform shopify square wandb huggingface hf
	openrouter xai langsmith langchain tavily serpapi brave exa cloudinary algolia postmark mandrill sparkpost
	nexmo vonage plivo pusher ably auth0 okta onelogin keycloak salesforce zoom dropbox box notion coda
	airtable figma miro trello monday clickup asana linear jira sentry bugsnag rollbar honeybadger logdna
	loggly papertrail splunk elastic algolia mongodb atlas redis upstash neon planetscale cockroach`) {
		vendors[v] = true
	}
}

// vendorSuffixes end a vendor's credential names.
var vendorSuffixes = []string{"key", "auth", "creds", "credential", "credentials", "login", "token"}

// credentialEndings are how every name ClassifyKey knows ends, once
// normalized: a name that ends otherwise is dismissed at once.
var credentialEndings = []string{
	"key", "secret", "token", "password", "passwd", "pwd", "pass", "passcode", "passphrase", "credentials",
	"credential", "creds", "auth", "authorization", "jwt", "bearer", "pat", "login", "signature",
}

// credentialTail reports whether the last three letters of key (case and
// separators aside) can end a name in credentialEndings: the check that
// dismisses almost every name of a recording before any other work.
func credentialTail(key string) bool {
	var t [3]byte
	n := 0
	for i := len(key) - 1; i >= 0 && n < 3; i-- {
		c := key[i]
		switch {
		case c == '-' || c == '_' || c == '.' || c == ' ':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		n++
		t[3-n] = c
	}
	switch string(t[:]) {
	case "key", "ret", "ken", "ord", "swd", "pwd", "ass", "ode", "ase", "als", "ial", "eds", "uth", "ion", "jwt", "rer", "pat", "gin", "ure":
		return true
	}
	return false
}

// ClassifyKey says what the value under a name is.
func ClassifyKey(key string) KeyKind {
	if len(key) < 3 || len(key) > 64 || !credentialTail(key) {
		return KeyNone
	}
	var buf [64]byte
	n := normKeyInto(key, &buf)
	if !endsLikeCredential(n) {
		return KeyNone
	}
	switch string(n) {
	case "authorization", "proxyauthorization", "xauthorization":
		return KeyAuthorization
	case "auth":
		return KeyDockerAuth
	}
	for _, d := range notCredentials {
		if hasSuffix(n, d) {
			return KeyNone
		}
	}
	if bytes.Contains(n, []byte("secretaccesskey")) || bytes.Contains(n, []byte("awssecret")) {
		return KeyAWSSecret
	}
	if k, ok := credentialNames[string(n)]; ok {
		return k
	}
	for _, s := range credentialSuffixes {
		if hasSuffix(n, s) {
			return KeyCredential
		}
	}
	for _, s := range tokenSuffixes {
		if hasSuffix(n, s) {
			return KeyToken
		}
	}
	vendor := hasVendor(key)
	if hasSuffix(n, "token") && (vendor || envStyle(key)) {
		return KeyToken
	}
	if vendor {
		for _, s := range vendorSuffixes {
			if hasSuffix(n, s) {
				return KeyVendor
			}
		}
	}
	return KeyNone
}

func endsLikeCredential(n []byte) bool {
	for _, e := range credentialEndings {
		if hasSuffix(n, e) {
			return true
		}
	}
	return false
}

func hasSuffix(n []byte, s string) bool {
	return len(n) >= len(s) && string(n[len(n)-len(s):]) == s
}

// normKeyInto lower-cases key into buf, dropping - _ . and spaces.
func normKeyInto(key string, buf *[64]byte) []byte {
	n := 0
	for i := 0; i < len(key) && n < len(buf); i++ {
		c := key[i]
		switch {
		case c >= 'A' && c <= 'Z':
			buf[n] = c + 'a' - 'A'
			n++
		case c == '-' || c == '_' || c == '.' || c == ' ':
		default:
			buf[n] = c
			n++
		}
	}
	return buf[:n]
}

// hasVendor reports whether one of the words of key (split at separators
// and at lower-to-upper case changes) is a vendor's name.
func hasVendor(key string) bool {
	var buf [32]byte
	n := 0
	check := func() bool {
		ok := n > 0 && n <= len(buf) && vendors[string(buf[:n])]
		n = 0
		return ok
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c == '-' || c == '_' || c == '.' || c == ' ':
			if check() {
				return true
			}
			continue
		case c >= 'A' && c <= 'Z':
			if i > 0 && key[i-1] >= 'a' && key[i-1] <= 'z' && check() {
				return true
			}
			c += 'a' - 'A'
		}
		if n < len(buf) {
			buf[n] = c
		}
		n++
	}
	return check()
}

// envStyle reports whether a name is an environment variable's: upper
// case, digits and underscores.
func envStyle(key string) bool {
	for i := 0; i < len(key); i++ {
		if c := key[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// KeyedValue decides whether the value s under a name of kind k is a
// secret; the match's offsets are in s.
func KeyedValue(k KeyKind, s string) (Match, bool) {
	switch k {
	case KeyAuthorization:
		return authorizationValue(s)
	case KeyDockerAuth:
		if m, ok := basicToken(s, 0); ok && m.End == len(s) {
			return m, true
		}
		return Match{}, false
	case KeyAWSSecret:
		if m, ok := awsSecretAt(s, 0); ok && m.End == len(s) {
			return m, true
		}
		k = KeyCredential
	case KeyK8sData:
		return kubernetesValue(s)
	case KeyK8sString:
		if !genericSecret(s, true) {
			return Match{}, false
		}
		return Match{Rule: RuleKubernetes, Start: 0, End: len(s)}, true
	case KeyNone:
		return Match{}, false
	case KeyCredential, KeyToken, KeyVendor:
	}
	if !genericSecret(s, k != KeyToken) {
		return Match{}, false
	}
	rule := RuleGeneric
	if k == KeyVendor {
		if len(s) < 16 || hostname(s) {
			return Match{}, false
		}
		rule = RuleVendor
	}
	return Match{Rule: rule, Start: 0, End: len(s)}, true
}

// authorizationValue reads "<scheme> <credentials>" or bare credentials.
func authorizationValue(s string) (Match, bool) {
	scheme, rest, found := strings.Cut(s, " ")
	if found {
		j := len(s) - len(strings.TrimLeft(rest, " "))
		switch strings.ToLower(scheme) {
		case "bearer", "token", "bot", "apikey", "api-key", "key", "sso-key", "splunk", "ssws", "geniekey":
			return bearerToken(s, j)
		case "basic":
			return basicToken(s, j)
		}
		return Match{}, false
	}
	if m, ok := bearerToken(s, 0); ok && m.End == len(s) {
		return m, true
	}
	return Match{}, false
}

// genericSecret reports whether a value under a credential's name is
// random enough to be one rather than a placeholder, a reference, an id or
// a word. uuidOK says whether a UUID counts (an API key may be one; a
// session or page token that is a UUID is an id).
func genericSecret(s string, uuidOK bool) bool {
	if len(s) < 8 || len(s) > 4096 || strings.ContainsAny(s, " \t\r\n") || IsPlaceholder(s) {
		return false
	}
	if (!uuidOK && isUUID(s)) || isDigest(s) || isToolID(s) || wordy(s) || reference(s) {
		return false
	}
	if t := strings.Trim(s, "@#%_*<>{}$[]()"); t != s && wordy(t) {
		return false // a template marker: @@DB_PASSWORD@@, __TOKEN__, <<API_KEY>>
	}
	if Classes(s) < 2 || sequential(s) {
		return false
	}
	return entropy(s) >= min(3.0, math.Log2(float64(len(s)))-0.5)
}

// wordy reports whether s is made of words rather than random characters:
// no digits, and each part between separators is lower case, upper case,
// or words of three or more letters joined in camel case (not_provided,
// process.env.OPENAI_API_KEY, ChangeThisPassword).
func wordy(s string) bool {
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == '/' || r == ':' }) {
		if !wordyPart(part) {
			return false
		}
	}
	return true
}

func wordyPart(p string) bool {
	lower, upper := 0, 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= 'a' && c <= 'z':
			lower++
		case c >= 'A' && c <= 'Z':
			upper++
		default:
			return false
		}
	}
	if lower == 0 || upper == 0 {
		return true
	}
	// Camel case: each capital starts a word of at least three letters.
	run := 0
	for i := 0; i < len(p); i++ {
		if p[i] >= 'A' && p[i] <= 'Z' {
			if i > 0 && run < 3 {
				return false
			}
			run = 1
			continue
		}
		run++
	}
	return run >= 3
}

// reference reports whether s points at a secret instead of being one: a
// URL, a file path, a template.
func reference(s string) bool {
	return strings.Contains(s, "://") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/") ||
		strings.HasPrefix(s, "./") || strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") ||
		strings.HasPrefix(s, "arn:") || strings.HasPrefix(s, "projects/")
}

// hostname reports whether s looks like a host name (datadoghq.eu).
func hostname(s string) bool {
	d := strings.LastIndexByte(s, '.')
	if d < 0 || len(s)-d-1 < 2 || len(s)-d-1 > 6 {
		return false
	}
	for i := d + 1; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// isUUID matches 8-4-4-4-12 hex.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !hexAny[s[i]] {
				return false
			}
		}
	}
	return true
}

// isDigest matches a fingerprint or a hash: 16, 40, 64 or 128 hex digits,
// with an optional algorithm prefix (sha256:…).
func isDigest(s string) bool {
	if _, h, ok := strings.Cut(s, ":"); ok && strings.HasPrefix(s, "sha") {
		s = h
	}
	if i := strings.IndexByte(s, '#'); i > 0 {
		s = s[:i] // a dryfire storage key with a repetition
	}
	switch len(s) {
	case 16, 40, 64, 128:
	default:
		return false
	}
	return run(s, 0, hexAny) == len(s)
}

// toolIDPrefixes are the ids providers give tool calls, messages and
// requests: unique, random-looking, and not secrets.
var toolIDPrefixes = []string{"toolu_", "call_", "msg_", "chatcmpl-", "req_", "resp_", "run_", "fc_", "tool_", "srvtoolu_", "gen-", "cmpl-"}

func isToolID(s string) bool {
	for _, p := range toolIDPrefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
