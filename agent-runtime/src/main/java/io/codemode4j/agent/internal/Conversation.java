package io.codemode4j.agent.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.codemode4j.agent.AgentLimit;
import io.codemode4j.bridge.tool.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The messages of one run and what they cost the model in bytes: each request's size, what is new
 * to the model since its last request, and the oldest tool results left out, one at a time, to keep
 * the conversation under {@code maxHistoryBytes}.
 */
final class Conversation {

  /** How a tool result left out of the conversation begins. */
  private static final String LEFT_OUT = "[left out:";

  /**
   * The bytes of one request.
   *
   * @param total what the model reads: the conversation and every exposed tool
   * @param fresh what it had not read before: messages since its last reply, tools new to it
   */
  record RequestBytes(long total, long fresh) {}

  private final long maxBytes;
  private final List<ChatMessage> messages = new ArrayList<>();
  private final Set<String> readTools = new HashSet<>();
  private int readMessages;

  Conversation(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  List<ChatMessage> messages() {
    return messages;
  }

  /** Adds a message the model has not read yet. */
  void add(ChatMessage message) {
    messages.add(message);
  }

  /** Adds a message the model wrote itself, so nothing of it is new to the model. */
  void addOwn(ChatMessage message) {
    messages.add(message);
    readMessages = messages.size();
  }

  /**
   * Leaves out the oldest tool results, one at a time, until the conversation fits under {@code
   * maxHistoryBytes}.
   *
   * @return the conversation's size after what was left out, over the limit when it cannot fit
   */
  long fit() {
    long total = bytes(0);
    for (int i = 0; i < messages.size() && total > maxBytes; i++) {
      if (messages.get(i) instanceof ToolExecutionResultMessage result
          && !result.text().startsWith(LEFT_OUT)) {
        long size = utf8(result.text());
        String note =
            LEFT_OUT
                + " an earlier result of "
                + size
                + " bytes, to keep the conversation under "
                + maxBytes
                + " bytes ("
                + AgentLimit.MAX_HISTORY_BYTES.wireName()
                + "); run the program again if you need it]";
        messages.set(i, ToolExecutionResultMessage.from(result.id(), result.toolName(), note));
        total += utf8(note) - size;
      }
    }
    return total;
  }

  /**
   * The bytes of the request about to be sent with {@code exposed} and a conversation of {@code
   * history} bytes (from {@link #fit}); from now on the model has read all of it.
   */
  RequestBytes request(long history, List<ToolSpec> exposed) {
    RequestBytes bytes =
        new RequestBytes(
            history + toolBytes(exposed, Set.of()),
            bytes(readMessages) + toolBytes(exposed, readTools));
    readMessages = messages.size();
    exposed.forEach(s -> readTools.add(s.name()));
    return bytes;
  }

  /** The UTF-8 bytes of what a message says to the model. */
  static long bytes(ChatMessage message) {
    return utf8(text(message));
  }

  private long bytes(int from) {
    long total = 0;
    for (int i = from; i < messages.size(); i++) {
      total += bytes(messages.get(i));
    }
    return total;
  }

  private static String text(ChatMessage message) {
    return switch (message) {
      case SystemMessage m -> m.text();
      case UserMessage m -> m.hasSingleText() ? m.singleText() : m.toString();
      case ToolExecutionResultMessage m -> m.text();
      case AiMessage m -> {
        StringBuilder b = new StringBuilder(m.text() == null ? "" : m.text());
        if (m.hasToolExecutionRequests()) {
          m.toolExecutionRequests().forEach(r -> b.append(r.name()).append(r.arguments()));
        }
        yield b.toString();
      }
      default -> message.toString();
    };
  }

  private static long toolBytes(List<ToolSpec> tools, Set<String> alreadyRead) {
    return tools.stream()
        .filter(t -> !alreadyRead.contains(t.name()))
        .mapToLong(LangChainTools::bytes)
        .sum();
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
