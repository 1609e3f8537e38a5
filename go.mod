module github.com/dryfire-tui/dryfire-tui

go 1.26.0

require (
	github.com/spf13/pflag v1.1.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
