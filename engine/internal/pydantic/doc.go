// Package pydantic writes pydantic's ValidationError texts for the models
// dryfire validates while it runs a case, as dryfire shows them: a case's
// input message, a mock's tool result, final_json's shape. Nothing here
// validates a suite file: package suite does that with dryfire's loader.
//
// [ValidationError] is str(ValidationError) of a model title and its
// [Error] lines: location, message, type, the input's repr (cut in the
// middle past 50 characters) and Python type name, and the errors.pydantic.dev
// URL of the version dryfire ran with. [Missing], [StringType],
// [DictType] and [ListType] are the common lines; [JoinLoc] builds a
// location.
//
// [ShapeErrors] checks a decoded final text against final_json's fields
// and required names as the model dryfire builds from them does, in lax
// mode (an "1" is an int, a 1.0 is an int, "yes" is a bool).
// [ToolResultContentErrors] and [ToolResultError] check a tool result's
// content (a str, a dict or None).
package pydantic
