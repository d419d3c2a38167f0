package io.codemode4j.cli;

import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.telemetry.OpenTelemetryListener;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
import java.util.Map;

/**
 * The OpenTelemetry SDK as the standard {@code OTEL_*} variables configure it (SDK autoconfigure),
 * for the spans of {@link OpenTelemetryListener}. The only class of the CLI that names the SDK;
 * {@link PassObservers} loads it only when tracing is asked for.
 *
 * <p>Decided: the CLI emits traces only, so metrics and logs exporters default to {@code none} (the
 * SDK's default, {@code otlp}, would start a metrics reader that exports nothing of ours), and the
 * service name defaults to {@code codemode}; the environment overrides each. The SDK is not made
 * global: the CLI's listener is its only user. Exporters on the classpath: {@code otlp} (over the
 * JDK's HTTP client, {@code http/protobuf} and {@code grpc}) and {@code console}.
 */
final class SdkTracing implements AutoCloseable {

  private static final Map<String, String> DEFAULTS =
      Map.of(
          "otel.service.name", "codemode",
          "otel.metrics.exporter", "none",
          "otel.logs.exporter", "none");

  private final OpenTelemetrySdk sdk;
  private final PassListener listener;

  private SdkTracing(OpenTelemetrySdk sdk) {
    this.sdk = sdk;
    this.listener = OpenTelemetryListener.of(sdk);
  }

  /**
   * @throws IllegalArgumentException when the {@code OTEL_*} variables are invalid, naming what the
   *     SDK refused
   */
  static SdkTracing start() {
    try {
      return new SdkTracing(
          AutoConfiguredOpenTelemetrySdk.builder()
              .addPropertiesSupplier(() -> DEFAULTS)
              .build()
              .getOpenTelemetrySdk());
    } catch (ConfigurationException e) {
      throw new IllegalArgumentException(
          "OpenTelemetry is asked for by the OTEL_* environment variables, but the SDK refused"
              + " them: "
              + e.getMessage()
              + " (unset OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_*ENDPOINT to run without"
              + " tracing)",
          e);
    }
  }

  /** The SDK, for spans of the caller's own (the MCP server's {@code tools/call} spans). */
  OpenTelemetry openTelemetry() {
    return sdk;
  }

  PassListener listener() {
    return listener;
  }

  /** Exports what is still buffered (the SDK waits up to 10 s for its exporters) and shuts down. */
  @Override
  public void close() {
    sdk.close();
  }
}
