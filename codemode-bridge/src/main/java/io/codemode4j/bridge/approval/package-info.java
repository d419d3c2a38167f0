/**
 * Approval of writes by a person: a tool whose spec declares {@link
 * io.codemode4j.bridge.tool.ExecutionClass#NEEDS_APPROVAL} runs only after an {@link
 * io.codemode4j.bridge.approval.ApprovalChannel} approves the call; the ledger and audit record
 * each {@link io.codemode4j.bridge.approval.Approval}.
 */
@NullMarked
package io.codemode4j.bridge.approval;

import org.jspecify.annotations.NullMarked;
