package io.codemode4j.agent;

import dev.langchain4j.http.client.jdk.JdkHttpClientBuilder;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * LangChain4j chat models set up the way an {@link Agent} needs them: no retries of their own (the
 * policy owns time) and the JDK HTTP client on HTTP/1.1, which never follows a redirect and names
 * where one pointed ({@link ModelRedirectException}).
 *
 * <p>Decided: HTTP/1.1 because the JDK client otherwise offers an h2c upgrade on plain-text
 * connections, whose headers several OpenAI-compatible servers (local model servers, proxies)
 * reject; against TLS endpoints HTTP/1.1 costs nothing that matters for one request per turn.
 */
public final class ModelProviders {

  /** How long one model request may take, by default; the agent's deadline still applies. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  private ModelProviders() {}

  /**
   * OpenAI or any OpenAI-compatible server (chat completions).
   *
   * @param baseUrl e.g. {@code https://api.openai.com/v1}, or a local server's {@code
   *     http://127.0.0.1:8000/v1}
   * @param apiKey the key; null for servers that take none
   */
  public static ChatModel openAi(String baseUrl, @Nullable String apiKey, String model) {
    return OpenAiChatModel.builder()
        .baseUrl(Objects.requireNonNull(baseUrl, "baseUrl"))
        .apiKey(apiKey == null || apiKey.isBlank() ? "none" : apiKey)
        .modelName(Objects.requireNonNull(model, "model"))
        .maxRetries(0)
        .timeout(DEFAULT_TIMEOUT)
        .httpClientBuilder(http())
        .build();
  }

  /** Anthropic's Messages API. */
  public static ChatModel anthropic(String baseUrl, String apiKey, String model) {
    return AnthropicChatModel.builder()
        .baseUrl(Objects.requireNonNull(baseUrl, "baseUrl"))
        .apiKey(Objects.requireNonNull(apiKey, "apiKey"))
        .modelName(Objects.requireNonNull(model, "model"))
        .maxRetries(0)
        .timeout(DEFAULT_TIMEOUT)
        .httpClientBuilder(http())
        .build();
  }

  /** An Ollama server, e.g. {@code http://127.0.0.1:11434}. */
  public static ChatModel ollama(String baseUrl, String model) {
    return OllamaChatModel.builder()
        .baseUrl(Objects.requireNonNull(baseUrl, "baseUrl"))
        .modelName(Objects.requireNonNull(model, "model"))
        .maxRetries(0)
        .timeout(DEFAULT_TIMEOUT)
        .httpClientBuilder(http())
        .build();
  }

  private static JdkHttpClientBuilder http() {
    return new JdkHttpClientBuilder()
        .httpClientBuilder(RedirectNamingClient.builder().version(HttpClient.Version.HTTP_1_1));
  }
}
