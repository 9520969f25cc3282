// Command subnet-evm-plugin is the Subnet-EVM VM plugin the real-node tests load: the VM of
// github.com/ava-labs/avalanchego/graft/subnet-evm served over rpcchainvm, like that module's own
// plugin/ main package, with one difference. Upstream (plugin/runner/runner.go at v1.14.2) exits
// when the process's hard open-files limit is below 32768, which many containers and CI machines
// have (20000 on the project's); the node's --fd-limit does not reach the plugin's own check.
// Here the soft limit is raised only as far as the hard limit allows, and the VM is served anyway:
// a single test node opens a few hundred files.
package main

import (
	"context"
	"fmt"
	"os"
	"syscall"

	"github.com/ava-labs/avalanchego/graft/subnet-evm/plugin/evm"
	"github.com/ava-labs/avalanchego/version"
	"github.com/ava-labs/avalanchego/vms/rpcchainvm"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--version" {
		fmt.Printf("Subnet-EVM/%s [rpcchainvm=%d]\n", version.Current.SemanticWithCommit(version.GitCommit), version.RPCChainVMProtocol)
		return
	}
	var limit syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &limit); err == nil && limit.Cur < limit.Max {
		limit.Cur = limit.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &limit)
	}
	evm.RegisterAllLibEVMExtras()
	if err := rpcchainvm.Serve(context.Background(), &evm.VM{}); err != nil {
		fmt.Printf("failed to serve VM: %s\n", err)
		os.Exit(1)
	}
}
