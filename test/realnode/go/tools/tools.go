//go:build tools

// Package tools pins the two programs this module builds, so `go mod tidy` keeps their
// dependencies in go.sum.
package tools

import (
	_ "github.com/ava-labs/avalanchego/graft/subnet-evm/plugin"
	_ "github.com/ava-labs/avalanchego/main"
)
