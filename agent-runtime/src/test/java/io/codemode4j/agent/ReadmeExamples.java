package io.codemode4j.agent;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The two Java snippets of docs/agent.md, as code that compiles and runs: the text between each
 * {@code // readme:NAME} and {@code // end readme:NAME} line is in docs/agent.md, inside a method
 * of the same indentation ({@code ReadmeExamplesIT} checks both and runs them against a local
 * OpenAI-wire server).
 */
final class ReadmeExamples {

  private ReadmeExamples() {}

  /** What the AiServices snippet of docs/agent.md declares. */
  interface Analyst {
    String ask(String question);
  }

  /** The Agent over an OpenAI-compatible endpoint, acting for a tenant of EMEA. */
  static AgentOutcome agent(String baseUrl, String apiKey, CodeMode codeMode) {
    // readme:agent
    // Any OpenAI-compatible server; no retries of the client's own, HTTP/1.1 (see ModelProviders).
    ChatModel model = ModelProviders.openAi(baseUrl, apiKey, "gpt-4.1-mini");
    JsonNode answerSchema =
        JsonMapper.builder()
            .build()
            .readTree(
                """
                {"type": "object", "required": ["answer", "figures"], "additionalProperties": false,
                 "properties": {"answer": {"type": "string"}, "figures": {"type": "object"}}}""");
    Agent agent =
        Agent.builder("analyst")
            .instructions("Answer revenue questions about the billing warehouse.")
            .outputSchema(answerSchema) // the answer is validated; one repair turn, then a failure
            .codeMode(codeMode) // run_javascript
            .discovery(ToolDiscovery.of(List.of(codeMode))) // discover_tools
            .policy(AgentPolicy.defaults().withMaxTurns(6).withMaxToolCalls(32))
            .model(model)
            .build();
    AgentOutcome outcome =
        agent.ask(
            "Which region had the highest revenue?", Principal.ofTenant("ana", Set.of("emea")));
    switch (outcome) {
      case AgentOutcome.Answered answered -> System.out.println(answered.answer());
      case AgentOutcome.Failed failed ->
          System.err.println(failed.kind().wireName() + ": " + failed.message());
    }
    // end readme:agent
    return outcome;
  }

  /** Code Mode and discovery added to an AiServices agent. */
  static String aiServices(String baseUrl, String apiKey, CodeMode codeMode) {
    // readme:aiservices
    Analyst analyst =
        AiServices.builder(Analyst.class)
            .chatModel(ModelProviders.openAi(baseUrl, apiKey, "gpt-4.1-mini"))
            .toolProvider(
                CodeModeToolProvider.builder(codeMode)
                    .discovery(ToolDiscovery.of(List.of(codeMode)))
                    .principal(Principal.ofTenant("ana", Set.of("emea"))) // or per @MemoryId
                    .maxInnerCalls(64) // shared by the passes of one ask
                    .build())
            .build();
    String answer = analyst.ask("Which region had the highest revenue?");
    // end readme:aiservices
    return answer;
  }
}
