package detect

import (
	"bytes"
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
	"licensekey", "authkey", "hmackey", "secretkeybase",
}

// tokenSuffixes end the names of tokens.
var tokenSuffixes = []string{
	"accesstoken", "authtoken", "apitoken", "refreshtoken", "sessiontoken", "securitytoken", "idtoken",
	"bottoken", "oauthtoken", "bearertoken", "usertoken", "apptoken", "servicetoken", "deploytoken",
	"privatetoken", "personaltoken", "accesstokensecret", "secrettoken", "sastoken", "jointoken",
}

// notCredentials are names that end like a credential's and are not one.
var notCredentials = []string{
	"publickey", "publicapikey", "pubkey", "publishablekey", "pagetoken", "nexttoken", "continuationtoken",
	"synctoken", "paginationtoken", "cursortoken", "resumetoken", "cancellationtoken", "canceltoken",
	"csrftoken", "xsrftoken", "idempotencytoken", "clienttoken", "requesttoken", "secretname", "secretref",
	"devicetoken", "pushtoken",
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
	"credential", "creds", "auth", "authorization", "jwt", "bearer", "pat", "login", "signature", "secretkeybase",
}

// credentialTail reports whether the last three letters of key (case and
// separators aside) can end a name in credentialEndings: the check that
// dismisses almost every name of a recording before any other work.
func credentialTail(key string) bool {
	// The three letters, packed into one word (the last in the lowest
	// byte), are compared as integers: cheaper than a switch over strings.
	var t uint32
	n := 0
	for i := len(key) - 1; i >= 0 && n < 3; i-- {
		c := key[i]
		switch {
		case c == '-' || c == '_' || c == '.' || c == ' ':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		t |= uint32(c) << (8 * n)
		n++
	}
	if n < 3 {
		return false
	}
	switch t {
	case 'k'<<16 | 'e'<<8 | 'y',
		'r'<<16 | 'e'<<8 | 't',
		'k'<<16 | 'e'<<8 | 'n',
		'o'<<16 | 'r'<<8 | 'd',
		's'<<16 | 'w'<<8 | 'd',
		'p'<<16 | 'w'<<8 | 'd',
		'a'<<16 | 's'<<8 | 's',
		'o'<<16 | 'd'<<8 | 'e',
		'a'<<16 | 's'<<8 | 'e',
		'a'<<16 | 'l'<<8 | 's',
		'i'<<16 | 'a'<<8 | 'l',
		'e'<<16 | 'd'<<8 | 's',
		'u'<<16 | 't'<<8 | 'h',
		'i'<<16 | 'o'<<8 | 'n',
		'j'<<16 | 'w'<<8 | 't',
		'r'<<16 | 'e'<<8 | 'r',
		'p'<<16 | 'a'<<8 | 't',
		'g'<<16 | 'i'<<8 | 'n',
		'u'<<16 | 'r'<<8 | 'e':
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
	if bytes.Contains(n, []byte("hashed")) {
		return KeyNone // hashed_password, hashedToken: what is kept to check a secret, not the secret
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
