/**
 * The tool SPI: what a host implements to give programs a method. A {@link
 * io.codemode4j.bridge.tool.Tool} pairs a {@link io.codemode4j.bridge.tool.ToolSpec} (name,
 * description, JSON Schemas, {@link io.codemode4j.bridge.tool.ExecutionClass}) with the {@link
 * io.codemode4j.bridge.tool.ToolHandler} that runs it; a handler learns about its call from a
 * {@link io.codemode4j.bridge.tool.CallContext} and fails expectedly with a {@link
 * io.codemode4j.bridge.tool.ToolFailure}.
 */
@NullMarked
package io.codemode4j.bridge.tool;

import org.jspecify.annotations.NullMarked;
