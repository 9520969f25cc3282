// SPDX-License-Identifier: MIT
// A contract with immutables (so its runtime code on chain differs from the artifact's
// deployedBytecode in those bytes, and a code-match check must mask them) and two ways to revert:
// `require` with a reason string and a custom error with arguments. The real-node activity sends
// one transaction of each kind that is mined with status 0.
pragma solidity ^0.8.24;

contract ExplorerVault {
    address public immutable owner;
    uint256 public immutable maxDeposit;
    mapping(address => uint256) public deposits;

    event Deposited(address indexed account, uint256 amount, uint256 total);
    event Withdrawn(address indexed account, uint256 amount, uint256 total);

    /// A deposit above `maxDeposit`.
    error TooLarge(uint256 amount, uint256 max);

    constructor(uint256 maxDeposit_) {
        owner = msg.sender;
        maxDeposit = maxDeposit_;
    }

    function deposit(uint256 amount) external {
        if (amount > maxDeposit) revert TooLarge(amount, maxDeposit);
        uint256 total = deposits[msg.sender] + amount;
        deposits[msg.sender] = total;
        emit Deposited(msg.sender, amount, total);
    }

    function withdraw(uint256 amount) external {
        uint256 total = deposits[msg.sender];
        require(total >= amount, "ExplorerVault: insufficient deposit");
        deposits[msg.sender] = total - amount;
        emit Withdrawn(msg.sender, amount, total - amount);
    }
}
