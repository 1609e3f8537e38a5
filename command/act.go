package command

// testOnlyBeforeAct, when set by a test, runs before each file a command
// checks and then acts on (prune removes, doctor --fix rewrites or
// removes, secrets --redact rewrites), where a concurrent edit must still
// be caught.
var testOnlyBeforeAct func(path string)
