//go:build helicon

// Command helicon is the P-Chain helper for a real node with Helicon (AvalancheGo 1.15) active.
// It is built only with `-tags helicon` against AvalancheGo v1.15 sources (scripts/avalanchego-source.mjs):
// its calls do not exist in v1.14.2, the version the wrapper module pins for the node tier.
//
//	helicon -print-genesis -network-id 88888
//	    prints the local network's genesis config (genesis.GetConfig(constants.LocalID): the same
//	    funded test key and initial stakers) re-targeted at another network id. A local network
//	    cannot take an upgrade schedule (config.getUpgradeConfig refuses `--upgrade-file-content`
//	    for mainnet, Fuji and local), so a network with Helicon active from genesis runs under a
//	    custom id with this genesis.
//	helicon -uri U -add-auto-renewed -period 20s
//	    AddAutoRenewedValidatorTx (ACP-236) for the node's own id and BLS key, staked and signed by
//	    the funded test key; prints {"txID": …}.
//	helicon -uri U -set-auto-renewed <txID> -period 40s -auto-compound 1000000
//	    SetAutoRenewedValidatorConfigTx for that validator; prints {"txID": …}.
//
// The wallet calls follow tests/e2e/p/validator_helpers.go in avalanchego v1.15.0-fuji
// (https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/tests/e2e/p/validator_helpers.go).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"log"
	"os"
	"time"

	"github.com/ava-labs/avalanchego/api/info"
	"github.com/ava-labs/avalanchego/genesis"
	"github.com/ava-labs/avalanchego/ids"
	"github.com/ava-labs/avalanchego/utils/constants"
	"github.com/ava-labs/avalanchego/utils/units"
	"github.com/ava-labs/avalanchego/vms/secp256k1fx"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary"
	"github.com/ava-labs/avalanchego/wallet/subnet/primary/common"
)

func main() {
	printGenesis := flag.Bool("print-genesis", false, "print the local genesis config for -network-id")
	networkID := flag.Uint("network-id", 88888, "network id of the printed genesis")
	uri := flag.String("uri", "", "base URL of the node, for example http://127.0.0.1:9650")
	add := flag.Bool("add-auto-renewed", false, "add the node itself as an auto-renewed primary network validator")
	set := flag.String("set-auto-renewed", "", "id of the AddAutoRenewedValidatorTx whose config to change")
	weight := flag.Uint64("weight", 2*units.KiloAvax, "nAVAX staked by -add-auto-renewed")
	period := flag.Duration("period", 20*time.Second, "validation cycle")
	delegationShares := flag.Uint("delegation-shares", 20_000, "delegation fee, millionths")
	autoCompound := flag.Uint("auto-compound", 500_000, "share of the rewards restaked, millionths")
	timeout := flag.Duration("timeout", 2*time.Minute, "overall time limit")
	flag.Parse()
	log.SetOutput(os.Stderr)
	log.SetFlags(0)

	if *printGenesis {
		config := *genesis.GetConfig(constants.LocalID)
		config.NetworkID = uint32(*networkID)
		unparsed, err := config.Unparse()
		if err != nil {
			log.Fatalf("helicon: genesis: %s", err)
		}
		emit(unparsed)
		return
	}
	if *uri == "" || (!*add && *set == "") {
		log.Fatal("helicon: -print-genesis, or -uri with -add-auto-renewed or -set-auto-renewed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	key := genesis.EWOQKey
	kc := secp256k1fx.NewKeychain(key)
	owner := &secp256k1fx.OutputOwners{Threshold: 1, Addrs: []ids.ShortID{key.Address()}}

	if *add {
		nodeID, pop, err := info.NewClient(*uri).GetNodeID(ctx)
		if err != nil {
			log.Fatalf("helicon: info.getNodeID: %s", err)
		}
		wallet, err := primary.MakePWallet(ctx, *uri, kc, primary.WalletConfig{})
		if err != nil {
			log.Fatalf("helicon: P-Chain wallet: %s", err)
		}
		tx, err := wallet.IssueAddAutoRenewedValidatorTx(
			nodeID, *weight, pop, owner, owner, owner,
			uint32(*delegationShares), uint32(*autoCompound), *period,
			common.WithContext(ctx),
		)
		if err != nil {
			log.Fatalf("helicon: AddAutoRenewedValidatorTx: %s", err)
		}
		emit(map[string]string{"txID": tx.ID().String(), "nodeID": nodeID.String()})
		return
	}
	txID, err := ids.FromString(*set)
	if err != nil {
		log.Fatalf("helicon: tx id %q: %s", *set, err)
	}
	// The wallet signs for the validator's authority only once it has fetched it.
	wallet, err := primary.MakePWallet(ctx, *uri, kc, primary.WalletConfig{AutoRenewedValidatorTxIDs: []ids.ID{txID}})
	if err != nil {
		log.Fatalf("helicon: P-Chain wallet: %s", err)
	}
	tx, err := wallet.IssueSetAutoRenewedValidatorConfigTx(
		txID, uint32(*autoCompound), *period, common.WithContext(ctx),
	)
	if err != nil {
		log.Fatalf("helicon: SetAutoRenewedValidatorConfigTx: %s", err)
	}
	emit(map[string]string{"txID": tx.ID().String()})
}

func emit(value any) {
	if err := json.NewEncoder(os.Stdout).Encode(value); err != nil {
		log.Fatalf("helicon: %s", err)
	}
}
