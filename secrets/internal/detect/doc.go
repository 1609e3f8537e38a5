// Package detect holds the rules of package secrets: a string goes in,
// the secrets in it come out as [Match] values, each with its rule ID and
// its offsets. It knows nothing of files, JSON paths, findings or
// baselines; package secrets walks decoded values and turns matches into
// findings.
//
// # Finding secrets in a string
//
// [FindAll] appends every secret of a string. One pass touches each byte
// once: every rule registers the literal prefixes its secrets start with
// (sk-ant-api03-, ghp_, AKIA, eyJ, -----BEGIN, hooks.slack.com/, …) as
// anchors, a bitmap of their first three bytes dismisses most word starts,
// and a rule's matcher runs only where its prefix is. The matcher then
// checks the length, the alphabet, a checksum ([GitHubChecksum]) and the
// randomness of the body ([RandomBody], [Classes], [Distinct]), so that
// placeholders ([IsPlaceholder]) and examples are not matches. A
// [Match.Keep] prefix is public (sk-ant-api03-) and may be shown.
//
// Where the rules live:
//
//   - tokens.go: the table of prefixed tokens, a prefix and a random body of
//     a given alphabet and length (most services mark their keys that way).
//   - providers.go: rules that a prefix and an alphabet do not describe
//     (OpenAI and other sk- keys, Anthropic, Google, GitHub, Slack,
//     Telegram, Discord, …) and the registration of every special matcher.
//   - cloud.go: AWS key ids, secret keys beside them, session tokens;
//     Azure client secrets, connection strings and SAS URLs.
//   - web.go: webhook URLs, JWTs, Bearer and Basic credentials, passwords
//     in URLs and in curl -u.
//   - pem.go: private keys of every PEM kind and PuTTY files, also with
//     escaped newlines ([KeyBase64] is their body without header lines).
//   - keys.go: what a name says ([ClassifyKey]); values.go: whether the
//     value under it is a secret ([KeyedValue]).
//   - keytext.go: names before values in text (JSON inside a string,
//     escaped once or more, form bodies, header lines, YAML, .env files,
//     XML, command lines) and the data of a Kubernetes Secret.
//   - match.go: the anchors, the scan loop and the measures of randomness.
//   - rules.go: the catalogue, [Rules] by family in documentation order.
//
// # Names
//
// A value is a secret because of the name it sits under (api_key,
// client_secret, X-Api-Key, DATADOG_APP_KEY) when it is random enough.
// [ClassifyKey] says what a name promises as a [KeyKind]; [KeyedValue]
// decides whether a value under such a name is a secret; [NotK8sSecret]
// names the members of a Kubernetes Secret's data that hold none. Package
// secrets asks these for the members of decoded JSON, and the matchers of
// keytext.go for names in text, so that a name means the same everywhere.
//
// # Rules
//
// [Rule] describes a rule by ID, family and description; the Rule…
// constants are the IDs of the rules with matchers of their own (the
// prefixed tokens are named only in their table), and [RuleNotScanned] and
// [RuleNotDecoded] stand for files that package secrets could not read or
// decode. The catalogue is docs/secrets.md, generated from [Rules] by the
// tests of package secrets, which also measure every rule's recall and
// false positives on generated secrets and look-alikes.
package detect
