/**
 * The analyst agent: {@link io.codemode4j.agent.Agent} runs a model over LangChain4j's {@code
 * ChatModel} with Code Mode, discovery and native tools, under an {@link
 * io.codemode4j.agent.AgentPolicy} and a {@link io.codemode4j.agent.ToolExposure}, and returns a
 * typed {@link io.codemode4j.agent.AgentOutcome}.
 */
@NullMarked
package io.codemode4j.agent;

import org.jspecify.annotations.NullMarked;
