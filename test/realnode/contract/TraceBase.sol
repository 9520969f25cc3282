// SPDX-License-Identifier: MIT
// A modifier in a file of its own, so that a revert of `Entry` (TraceLab.sol) lies in a source
// file other than its artifact's: only the compilation's source ids (Foundry's build info,
// Hardhat's output) name that file.
pragma solidity ^0.8.24;

abstract contract Guarded {
    modifier onlyBelow(uint256 value, uint256 max) {
        require(value <= max, "over the guard"); // @revert guard
        _;
    }
}
