package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@code codemode ask} finds its model: flags first, then the provider's variables. */
class ModelConfigTest {

  @Test
  void resolve_noModelAnywhere_saysWhatToSetForOpenAi() {
    assertThatThrownBy(() -> ModelConfig.resolve(null, null, null, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "no model configured for provider openai: pass --model NAME or set OPENAI_MODEL (with"
                + " OPENAI_API_KEY for api.openai.com, or --base-url / OPENAI_BASE_URL for another"
                + " OpenAI-compatible server)");
  }

  @Test
  void resolve_noModelForAnthropicOrOllama_namesTheirVariables() {
    assertThatThrownBy(() -> ModelConfig.resolve("anthropic", null, null, Map.of()))
        .hasMessage(
            "no model configured for provider anthropic: pass --model NAME or set ANTHROPIC_MODEL"
                + " (with ANTHROPIC_API_KEY)");
    assertThatThrownBy(
            () -> ModelConfig.resolve("ollama", null, null, Map.of("OPENAI_MODEL", "gpt-4.1")))
        .hasMessageStartingWith(
            "no model configured for provider ollama: pass --model NAME or set OLLAMA_MODEL");
  }

  @Test
  void resolve_publicOpenAiWithoutKey_saysToSetTheKey() {
    assertThatThrownBy(() -> ModelConfig.resolve(null, "gpt-4.1-mini", null, Map.of()))
        .hasMessage(
            "no API key for https://api.openai.com/v1: set OPENAI_API_KEY (or --base-url /"
                + " OPENAI_BASE_URL for an OpenAI-compatible server that takes none)");
    assertThatThrownBy(() -> ModelConfig.resolve("anthropic", "claude-sonnet-4-5", null, Map.of()))
        .hasMessage("no API key for https://api.anthropic.com/v1/: set ANTHROPIC_API_KEY");
  }

  @Test
  void resolve_environmentOnly_readsTheProvidersVariables() {
    ModelConfig config =
        ModelConfig.resolve(
            null,
            null,
            null,
            Map.of(
                "OPENAI_MODEL", "local-model",
                "OPENAI_BASE_URL", "http://127.0.0.1:8000/v1",
                "OPENAI_API_KEY", "sk-secret"));

    assertThat(config.provider()).isEqualTo(ModelConfig.Provider.OPENAI);
    assertThat(config.model()).isEqualTo("local-model");
    assertThat(config.baseUrl()).isEqualTo("http://127.0.0.1:8000/v1");
    assertThat(config.apiKey()).isEqualTo("sk-secret");
    assertThat(config.toString())
        .isEqualTo("openai local-model at http://127.0.0.1:8000/v1")
        .doesNotContain("sk-secret");
  }

  @Test
  void resolve_flags_winOverTheEnvironment_andALocalServerNeedsNoKey() {
    ModelConfig config =
        ModelConfig.resolve(
            "openai",
            "scripted",
            "http://127.0.0.1:9/v1",
            Map.of("OPENAI_MODEL", "gpt-4.1", "OPENAI_BASE_URL", "https://example.com/v1"));

    assertThat(config.model()).isEqualTo("scripted");
    assertThat(config.baseUrl()).isEqualTo("http://127.0.0.1:9/v1");
    assertThat(config.apiKey()).isNull();
  }

  @Test
  void resolve_ollamaDefaults_toTheLocalServer() {
    ModelConfig config = ModelConfig.resolve("ollama", null, null, Map.of("OLLAMA_MODEL", "qwen3"));

    assertThat(config.baseUrl()).isEqualTo("http://127.0.0.1:11434");
    assertThat(config.apiKey()).isNull();
  }

  @Test
  void resolve_unknownProviderOrBadUrl_isRefusedNamingTheValue() {
    assertThatThrownBy(() -> ModelConfig.resolve("gemini", "m", null, Map.of()))
        .hasMessage("unknown --provider 'gemini': use openai, anthropic or ollama");
    assertThatThrownBy(() -> ModelConfig.resolve("openai", "m", "127.0.0.1:8000", Map.of()))
        .hasMessage(
            "the base URL '127.0.0.1:8000' is not an http(s) URL, e.g. http://127.0.0.1:8000/v1");
  }
}
