// Package rangereview is the review document of a range (review --base):
// the recordings changed between two revisions, what each change means
// and why it was made ([Document], made by gitreview.Review.RangeDocument),
// written as text, as JSON (report.WriteJSON; its field names are listed
// in docs/json.md) and as GitHub-flavoured markdown for a pull request
// comment or a job's step summary ([Document.WriteMarkdown]), bounded in
// bytes, with everything taken from the recordings escaped.
package rangereview
