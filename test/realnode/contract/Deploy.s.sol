// SPDX-License-Identifier: MIT
// The Foundry tree's deployment script (script/Deploy.s.sol there; compile.mjs compiles it only
// in that layout, where its imports resolve). Nothing runs it: the real-node activity sends the
// same transactions with viem and writes broadcast/Deploy.s.sol/<chain id>/run-latest.json as
// `forge script script/Deploy.s.sol --broadcast` would. The cheatcode interface is declared here
// so that the tree needs no forge-std.
pragma solidity ^0.8.24;

import {ExplorerToken} from "../src/ExplorerToken.sol";
import {ExplorerVault} from "../src/ExplorerVault.sol";

interface Vm {
    function startBroadcast() external;
    function stopBroadcast() external;
}

contract Deploy {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    address private constant alice = 0x1000000000000000000000000000000000000001;
    address private constant bob = 0x1000000000000000000000000000000000000002;

    function run() external {
        vm.startBroadcast();
        ExplorerToken token = new ExplorerToken("Explorer Token", "EXT", 1_000_000 ether);
        ExplorerVault vault = new ExplorerVault(1_000);
        token.transfer(alice, 250 ether);
        token.approve(bob, 100 ether);
        vault.deposit(500);
        vm.stopBroadcast();
    }
}
