package io.codemode4j.cli;

import dev.langchain4j.model.chat.ChatModel;
import io.codemode4j.agent.ModelProviders;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The model {@code codemode ask} talks to: a provider, a model name, a base URL and a key, from the
 * command line or the provider's usual environment variables.
 *
 * <p>Decided: no {@code --api-key} flag, only the environment: a key on a command line is visible
 * to every user of the machine ({@code ps}) and stays in shell history. The base URL defaults to
 * the provider's public endpoint; any OpenAI-compatible server is {@code --provider openai} with
 * its {@code --base-url}, and then needs no key.
 *
 * @param apiKey null for a server that takes none
 */
record ModelConfig(Provider provider, String model, String baseUrl, @Nullable String apiKey) {

  /** A provider and the environment variables it reads. */
  enum Provider {
    OPENAI(
        "openai", "OPENAI_MODEL", "OPENAI_BASE_URL", "OPENAI_API_KEY", "https://api.openai.com/v1"),
    ANTHROPIC(
        "anthropic",
        "ANTHROPIC_MODEL",
        "ANTHROPIC_BASE_URL",
        "ANTHROPIC_API_KEY",
        "https://api.anthropic.com/v1/"),
    OLLAMA("ollama", "OLLAMA_MODEL", "OLLAMA_BASE_URL", null, "http://127.0.0.1:11434");

    final String wireName;
    final String modelVariable;
    final String baseUrlVariable;
    final @Nullable String keyVariable;
    final String defaultBaseUrl;

    Provider(
        String wireName,
        String modelVariable,
        String baseUrlVariable,
        @Nullable String keyVariable,
        String defaultBaseUrl) {
      this.wireName = wireName;
      this.modelVariable = modelVariable;
      this.baseUrlVariable = baseUrlVariable;
      this.keyVariable = keyVariable;
      this.defaultBaseUrl = defaultBaseUrl;
    }

    static Provider parse(String name) {
      for (Provider p : values()) {
        if (p.wireName.equals(name)) {
          return p;
        }
      }
      throw new IllegalArgumentException(
          "unknown --provider '" + name + "': use openai, anthropic or ollama");
    }
  }

  ModelConfig {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(baseUrl, "baseUrl");
    if (model.isBlank()) {
      throw new IllegalArgumentException("the model name is blank");
    }
    try {
      URI uri = new URI(baseUrl);
      if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
          || uri.getHost() == null) {
        throw new URISyntaxException(baseUrl, "not an http or https URL with a host");
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "the base URL '" + baseUrl + "' is not an http(s) URL, e.g. http://127.0.0.1:8000/v1");
    }
    if (apiKey != null && apiKey.isBlank()) {
      apiKey = null;
    }
  }

  /**
   * The model the flags name, else the environment's.
   *
   * @throws IllegalArgumentException saying what to set, when no model or a required key is
   *     configured
   */
  static ModelConfig resolve(
      @Nullable String providerFlag,
      @Nullable String modelFlag,
      @Nullable String baseUrlFlag,
      Map<String, String> env) {
    Provider provider = providerFlag == null ? Provider.OPENAI : Provider.parse(providerFlag);
    String model = first(modelFlag, env.get(provider.modelVariable));
    String baseUrl = first(baseUrlFlag, env.get(provider.baseUrlVariable));
    String key = provider.keyVariable == null ? null : first(null, env.get(provider.keyVariable));
    if (model == null) {
      throw new IllegalArgumentException(
          "no model configured for provider "
              + provider.wireName
              + ": pass --model NAME or set "
              + provider.modelVariable
              + needs(provider));
    }
    boolean publicEndpoint = baseUrl == null;
    String endpoint = baseUrl == null ? provider.defaultBaseUrl : baseUrl;
    if (provider == Provider.ANTHROPIC || provider == Provider.OPENAI && publicEndpoint) {
      if (key == null) {
        throw new IllegalArgumentException(
            "no API key for "
                + Redaction.shown(endpoint)
                + ": set "
                + provider.keyVariable
                + (provider == Provider.OPENAI
                    ? " (or --base-url / OPENAI_BASE_URL for an OpenAI-compatible server that takes"
                        + " none)"
                    : ""));
      }
    }
    return new ModelConfig(provider, model, endpoint, key);
  }

  /** The chat model, set up as an agent needs it (no retries of its own, HTTP/1.1). */
  ChatModel chatModel() {
    return switch (provider) {
      case OPENAI -> ModelProviders.openAi(baseUrl, apiKey, model);
      case ANTHROPIC -> ModelProviders.anthropic(baseUrl, Objects.requireNonNull(apiKey), model);
      case OLLAMA -> ModelProviders.ollama(baseUrl, model);
    };
  }

  /** Never the key, nor a password or token in the base URL. */
  @Override
  public String toString() {
    return provider.wireName + " " + model + " at " + Redaction.shown(baseUrl);
  }

  private static String needs(Provider provider) {
    return switch (provider) {
      case OPENAI ->
          " (with OPENAI_API_KEY for api.openai.com, or --base-url / OPENAI_BASE_URL for another"
              + " OpenAI-compatible server)";
      case ANTHROPIC -> " (with ANTHROPIC_API_KEY)";
      case OLLAMA -> " (and --base-url / OLLAMA_BASE_URL unless Ollama listens on 127.0.0.1:11434)";
    };
  }

  private static @Nullable String first(@Nullable String flag, @Nullable String variable) {
    if (flag != null && !flag.isBlank()) {
      return flag.strip();
    }
    return variable == null || variable.isBlank() ? null : variable.strip();
  }
}
