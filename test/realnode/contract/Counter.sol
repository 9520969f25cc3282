// SPDX-License-Identifier: MIT
// The contract the real-node tests deploy on the C-Chain and on the L1: a few calls that change
// state and emit events, so receipts carry logs. Compiled by compile.mjs into Counter.json.
pragma solidity ^0.8.24;

contract Counter {
    uint256 public count;
    address public lastCaller;

    event Incremented(address indexed by, uint256 amount, uint256 newCount);
    event Reset(address indexed by);

    function increment() external {
        add(1);
    }

    function add(uint256 amount) public {
        count += amount;
        lastCaller = msg.sender;
        emit Incremented(msg.sender, amount, count);
    }

    function reset() external {
        count = 0;
        emit Reset(msg.sender);
    }
}
