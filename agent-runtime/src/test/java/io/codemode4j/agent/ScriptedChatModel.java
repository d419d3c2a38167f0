package io.codemode4j.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A {@link ChatModel} that replays what a real model wrote, one reply per request, and records
 * every request it was sent. A reply may read the request (to answer from a tool result, as a model
 * does).
 */
final class ScriptedChatModel implements ChatModel {

  final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
  private final List<Function<ChatRequest, AiMessage>> replies;

  @SafeVarargs
  ScriptedChatModel(Function<ChatRequest, AiMessage>... replies) {
    this.replies = new ArrayList<>(List.of(replies));
  }

  static Function<ChatRequest, AiMessage> text(String text) {
    return request -> AiMessage.from(text);
  }

  static Function<ChatRequest, AiMessage> call(String id, String tool, String arguments) {
    return request ->
        AiMessage.from(
            ToolExecutionRequest.builder().id(id).name(tool).arguments(arguments).build());
  }

  static Function<ChatRequest, AiMessage> calls(ToolExecutionRequest... requests) {
    return request -> AiMessage.from(requests);
  }

  /** A program as a model sends it: {"code": "..."} with the JSON escaping done. */
  static String code(String program) {
    return "{\"code\":"
        + tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(program)
        + "}";
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    int index = requests.size() - 1;
    if (index >= replies.size()) {
      throw new IllegalStateException("the script has no reply for request " + (index + 1));
    }
    return ChatResponse.builder().aiMessage(replies.get(index).apply(request)).build();
  }
}
