// Command l1setup issues the P-Chain transactions the real-node tests need on a local network:
// a subnet owned by the local network's funded test key, a Subnet-EVM chain on it from a genesis
// file, and (with -convert) the conversion of that subnet to an L1 validated by the node itself.
// With -increase-balance it issues only an IncreaseL1ValidatorBalanceTx for that validation id, and
// returns once the node has it, not once it is decided, so that a test can watch it while pending.
//
// It prints one JSON object on stdout (ids and transaction ids) and its progress on stderr, so the
// TypeScript harness can read the result without parsing logs. The wallet calls follow the public
// examples under wallet/subnet/primary/examples in avalanchego v1.14.2.
package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ava-labs/avalanchego/api/info"
	"github.com/ava-labs/avalanchego/genesis"
	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/units"
	"github.com/ava-labs/avalanchego/vms/platformvm/txs"
	"github.com/ava-labs/avalanchego/vms/platformvm/warp/message"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary/common"
)

type result struct {
	SubnetID          string `json:"subnetID"`
	CreateSubnetTxID  string `json:"createSubnetTxID"`
	BlockchainID      string `json:"blockchainID"`
	CreateChainTxID   string `json:"createChainTxID"`
	ConvertTxID       string `json:"convertTxID,omitempty"`
	ValidationID      string `json:"validationID,omitempty"`
	ConvertError      string `json:"convertError,omitempty"`
	NodeID            string `json:"nodeID,omitempty"`
	ElapsedMs         int64  `json:"elapsedMs"`
	ConvertAttempted  bool   `json:"convertAttempted"`
	ManagerAddressHex string `json:"managerAddress,omitempty"`
	ValidatorWeight   string `json:"validatorWeight,omitempty"`
}

// validatorWeight is 2^53 + 1, the first integer a float64 cannot hold. The node sends it as a plain
// JSON number in platform.getTx and as a string in platform.getCurrentValidators, and the
// extension has to show the same exact value from both.
const validatorWeight uint64 = 1<<53 + 1

func main() {
	uri := flag.String("uri", "", "base URL of the node, for example http://127.0.0.1:9650")
	genesisPath := flag.String("genesis", "", "Subnet-EVM genesis JSON file")
	name := flag.String("name", "explorertest", "chain name")
	convert := flag.Bool("convert", false, "also convert the subnet to an L1 validated by this node")
	managerHex := flag.String("manager", "", "validator manager address on the new chain (hex, 20 bytes)")
	timeout := flag.Duration("timeout", 3*time.Minute, "overall time limit")
	increase := flag.String("increase-balance", "", "validation id of an L1 validator to top up (and nothing else)")
	amount := flag.Uint64("amount", units.MilliAvax, "nAVAX added by -increase-balance")
	flag.Parse()
	log.SetOutput(os.Stderr)
	log.SetFlags(0)
	if *uri != "" && *increase != "" {
		increaseBalance(*uri, *increase, *amount, *timeout)
		return
	}
	if *uri == "" || *genesisPath == "" {
		log.Fatal("l1setup: -uri and -genesis are required")
	}
	genesisBytes, err := os.ReadFile(*genesisPath)
	if err != nil {
		log.Fatalf("l1setup: reading the genesis: %s", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	started := time.Now()
	key := genesis.EWOQKey
	kc := secp256k1fx.NewKeychain(key)
	owner := &secp256k1fx.OutputOwners{Threshold: 1, Addrs: []ids.ShortID{key.Address()}}
	out := result{}

	wallet, err := primary.MakePWallet(ctx, *uri, kc, primary.WalletConfig{})
	if err != nil {
		log.Fatalf("l1setup: P-Chain wallet: %s", err)
	}
	subnetTx, err := wallet.IssueCreateSubnetTx(owner, common.WithContext(ctx))
	if err != nil {
		log.Fatalf("l1setup: CreateSubnetTx: %s", err)
	}
	subnetID := subnetTx.ID()
	out.SubnetID, out.CreateSubnetTxID = subnetID.String(), subnetTx.ID().String()
	log.Printf("l1setup: subnet %s after %s", subnetID, time.Since(started))

	// The wallet signs for a subnet only when it has fetched that subnet's owner, which did not
	// exist when the first wallet was made.
	wallet, err = primary.MakePWallet(ctx, *uri, kc, primary.WalletConfig{SubnetIDs: []ids.ID{subnetID}})
	if err != nil {
		log.Fatalf("l1setup: P-Chain wallet with the subnet: %s", err)
	}
	chainTx, err := wallet.IssueCreateChainTx(subnetID, genesisBytes, constants.SubnetEVMID, nil, *name, common.WithContext(ctx))
	if err != nil {
		log.Fatalf("l1setup: CreateChainTx: %s", err)
	}
	chainID := chainTx.ID()
	out.BlockchainID, out.CreateChainTxID = chainID.String(), chainID.String()
	log.Printf("l1setup: blockchain %s after %s", chainID, time.Since(started))

	if *convert {
		out.ConvertAttempted = true
		if err := convertToL1(ctx, *uri, kc, subnetID, chainID, *managerHex, &out); err != nil {
			// Reported, not fatal: the subnet and its chain are usable either way, and the
			// harness says what it found.
			out.ConvertError = err.Error()
			log.Printf("l1setup: conversion failed: %s", err)
		} else {
			log.Printf("l1setup: converted to an L1 after %s", time.Since(started))
		}
	}
	out.ElapsedMs = time.Since(started).Milliseconds()
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		log.Fatalf("l1setup: %s", err)
	}
}

func convertToL1(
	ctx context.Context,
	uri string,
	kc *secp256k1fx.Keychain,
	subnetID, chainID ids.ID,
	managerHex string,
	out *result,
) error {
	manager, err := hex.DecodeString(strings.TrimPrefix(managerHex, "0x"))
	if err != nil {
		return fmt.Errorf("manager address %q: %w", managerHex, err)
	}
	out.ManagerAddressHex = "0x" + hex.EncodeToString(manager)
	nodeID, pop, err := info.NewClient(uri).GetNodeID(ctx)
	if err != nil {
		return fmt.Errorf("info.getNodeID: %w", err)
	}
	out.NodeID = nodeID.String()
	wallet, err := primary.MakePWallet(ctx, uri, kc, primary.WalletConfig{SubnetIDs: []ids.ID{subnetID}})
	if err != nil {
		return fmt.Errorf("P-Chain wallet: %w", err)
	}
	tx, err := wallet.IssueConvertSubnetToL1Tx(
		subnetID,
		chainID,
		manager,
		[]*txs.ConvertSubnetToL1Validator{{
			NodeID:                nodeID.Bytes(),
			Weight:                validatorWeight,
			Balance:               units.Avax,
			Signer:                *pop,
			RemainingBalanceOwner: message.PChainOwner{},
			DeactivationOwner:     message.PChainOwner{},
		}},
		common.WithContext(ctx),
	)
	if err != nil {
		return err
	}
	out.ConvertTxID = tx.ID().String()
	out.ValidationID = subnetID.Append(0).String()
	out.ValidatorWeight = strconv.FormatUint(validatorWeight, 10)
	return nil
}

// increaseBalance issues an IncreaseL1ValidatorBalanceTx paid by the test key and prints its id as
// {"txID": …}. WithAssumeDecided returns once the node accepted the tx into its mempool, without
// polling platform.getTxStatus until Committed, which is what the caller watches.
func increaseBalance(uri, validationIDText string, amount uint64, timeout time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	validationID, err := ids.FromString(validationIDText)
	if err != nil {
		log.Fatalf("l1setup: validation id %q: %s", validationIDText, err)
	}
	kc := secp256k1fx.NewKeychain(genesis.EWOQKey)
	wallet, err := primary.MakePWallet(ctx, uri, kc, primary.WalletConfig{})
	if err != nil {
		log.Fatalf("l1setup: P-Chain wallet: %s", err)
	}
	tx, err := wallet.IssueIncreaseL1ValidatorBalanceTx(
		validationID, amount, common.WithContext(ctx), common.WithAssumeDecided(),
	)
	if err != nil {
		log.Fatalf("l1setup: IncreaseL1ValidatorBalanceTx: %s", err)
	}
	if err := json.NewEncoder(os.Stdout).Encode(map[string]string{"txID": tx.ID().String()}); err != nil {
		log.Fatalf("l1setup: %s", err)
	}
}
