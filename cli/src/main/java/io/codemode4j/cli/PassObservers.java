package io.codemode4j.cli;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.audit.AuditLog;
import io.opentelemetry.api.OpenTelemetry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What observes the passes of {@code codemode run}: the audit file of {@code --audit}, and
 * OpenTelemetry spans when the standard environment asks for them ({@link #tracingRequested}).
 *
 * <p>Decided: tracing is on only when {@code OTEL_TRACES_EXPORTER} names an exporter other than
 * {@code none}, or, with it unset, when {@code OTEL_EXPORTER_OTLP_ENDPOINT} or {@code
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} is set; never when {@code OTEL_SDK_DISABLED} is {@code true}.
 * The SDK's own default (export to an OTLP collector on localhost whether or not one runs) would
 * make every run try the network; this way a run with no such variable loads no OpenTelemetry class
 * at all ({@link SdkTracing} is the only class that names the SDK, and it is loaded only then).
 */
final class PassObservers implements AutoCloseable {

  private final @Nullable AuditLog audit;
  private final @Nullable SdkTracing tracing;

  private PassObservers(@Nullable AuditLog audit, @Nullable SdkTracing tracing) {
    this.audit = audit;
    this.tracing = tracing;
  }

  /**
   * Opens the audit file, when there is one, for appending, and starts tracing when {@code env}
   * asks for it.
   *
   * @throws IOException when the audit file cannot be opened for appending
   * @throws IllegalArgumentException when the OpenTelemetry environment is invalid
   */
  static PassObservers open(
      @Nullable Path auditFile, boolean auditArguments, Map<String, String> env)
      throws IOException {
    AuditLog audit =
        auditFile == null
            ? null
            : AuditLog.appendingTo(
                auditFile,
                auditArguments ? AuditLog.Arguments.INCLUDED : AuditLog.Arguments.OMITTED);
    try {
      return new PassObservers(audit, tracingRequested(env) ? SdkTracing.start() : null);
    } catch (RuntimeException e) {
      if (audit != null) {
        audit.close();
      }
      throw e;
    }
  }

  static boolean tracingRequested(Map<String, String> env) {
    if ("true".equalsIgnoreCase(env.getOrDefault("OTEL_SDK_DISABLED", "").strip())) {
      return false;
    }
    String exporter = env.getOrDefault("OTEL_TRACES_EXPORTER", "").strip();
    if (!exporter.isEmpty()) {
      return !exporter.equalsIgnoreCase("none");
    }
    return !env.getOrDefault("OTEL_EXPORTER_OTLP_ENDPOINT", "").isBlank()
        || !env.getOrDefault("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "").isBlank();
  }

  /** {@code builder} with these observers as its listeners. */
  CodeMode.Builder register(CodeMode.Builder builder) {
    if (audit != null) {
      builder.listener(audit);
    }
    if (tracing != null) {
      builder.listener(tracing.listener());
    }
    return builder;
  }

  /**
   * Where spans of the host's own go (the MCP server's {@code tools/call} spans, parents of the
   * pass spans): the SDK when tracing was asked for, else the no-op API.
   */
  OpenTelemetry openTelemetry() {
    return tracing == null ? OpenTelemetry.noop() : tracing.openTelemetry();
  }

  /** Exports the spans still buffered, then closes the audit file. */
  @Override
  public void close() throws IOException {
    try {
      if (tracing != null) {
        tracing.close();
      }
    } finally {
      if (audit != null) {
        audit.close();
      }
    }
  }
}
