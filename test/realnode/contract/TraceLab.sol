// SPDX-License-Identifier: MIT
// The failures the call-trace tests make on the real node, one kind per function: a custom error
// three frames down through a library's DELEGATECALL, a `require` with a message (and one in
// TraceBase.sol's modifier), two panics, a constructor that reverts under CREATE, calls into
// precompiles, and a long loop. Each reverting line carries a `@revert <name>` marker: the tests
// find the line they expect by its marker, so that editing this file never leaves a line number
// to update by hand.
pragma solidity ^0.8.24;

import {Guarded} from "./TraceBase.sol";

/// A depth over the leaf's limit.
error TooDeep(uint256 depth, address caller);

/// Subnet-EVM's allow list, which every permissioned precompile (the fee manager among them) has.
interface IAllowList {
    function readAllowList(address addr) external view returns (uint256 role);
}

contract Leaf {
    uint256 public immutable limit;

    event Checked(uint256 depth);

    constructor(uint256 limit_) {
        require(limit_ > 0, "limit must be positive"); // @revert constructor
        limit = limit_;
    }

    function check(uint256 depth) external returns (uint256) {
        if (depth > limit) revert TooDeep(depth, msg.sender); // @revert leaf
        emit Checked(depth);
        return depth * 2;
    }
}

library Relay {
    event Relayed(address leaf, uint256 depth);

    function forward(Leaf leaf, uint256 depth) external returns (uint256) {
        emit Relayed(address(leaf), depth);
        return leaf.check(depth); // @revert relay
    }
}

contract Entry is Guarded {
    uint256[] private items;
    uint256 public total;

    event Entered(address indexed who, uint256 depth);
    event Caught(bytes reason);
    event Spawned(address leaf);

    constructor() {
        items.push(7);
    }

    function enter(Leaf leaf, uint256 depth) public returns (uint256) {
        emit Entered(msg.sender, depth);
        return Relay.forward(leaf, depth); // @revert entry
    }

    function tryEnter(Leaf leaf, uint256 depth) external returns (bool) {
        try this.enter(leaf, depth) returns (uint256) {
            return true;
        } catch (bytes memory reason) {
            emit Caught(reason);
            return false;
        }
    }

    function guarded(uint256 amount) external onlyBelow(amount, 10) {
        total += amount;
    }

    function withdraw(uint256 amount) external {
        require(amount <= 100, "amount over the limit"); // @revert require
        total -= amount;
    }

    function ratio(uint256 a, uint256 b) external returns (uint256) {
        total = a / b; // @revert divide
        return total;
    }

    function pick(uint256 index) external returns (uint256) {
        total = items[index]; // @revert index
        return total;
    }

    function spawn(uint256 limit) external returns (address) {
        Leaf leaf = new Leaf(limit); // @revert spawn
        emit Spawned(address(leaf));
        return address(leaf);
    }

    function digest(bytes calldata data) external returns (bytes32 hash, address signer) {
        hash = sha256(data);
        signer = ecrecover(hash, 27, bytes32(uint256(1)), bytes32(uint256(2)));
        total += 1;
    }

    function role(address precompile) external returns (uint256 found) {
        found = IAllowList(precompile).readAllowList(msg.sender);
        total = found;
    }

    function spin(uint256 rounds, bool fail) external returns (uint256 sum) {
        for (uint256 i = 0; i < rounds; ++i) sum += i;
        total = sum;
        require(!fail, "spun out"); // @revert spin
    }
}
