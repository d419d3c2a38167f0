package io.codemode4j.bench;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Model-visible bytes: each program of {@code examples/} runs once on the bundled data with the
 * default toolkit and limits (as {@code codemode run} runs it); its egress bytes are compared with
 * what a plain tool-calling agent would have read, the JSON of every result its calls returned, as
 * a reduction in percent.
 */
final class EgressScenario {

  private final Bench.Results results;

  EgressScenario(Bench.Results results) {
    this.results = results;
  }

  void run(Warehouse warehouse, Path examples) throws Exception {
    List<Path> programs = programs(examples);
    if (programs.isEmpty()) {
      throw new IllegalStateException("no *.js program in " + examples);
    }
    results.progress("model-visible bytes: " + programs.size() + " programs of " + examples);
    AtomicLong rawBytes = new AtomicLong();
    CodeMode.Builder builder = CodeMode.builder();
    BillingSample.toolkit(warehouse)
        .forEach(
            (namespace, methods) ->
                methods.forEach(
                    (method, tool) ->
                        builder.method(
                            namespace,
                            method,
                            new Tool(
                                tool.spec(),
                                (arguments, context) -> {
                                  JsonNode result = tool.handler().handle(arguments, context);
                                  rawBytes.addAndGet(
                                      result.toString().getBytes(StandardCharsets.UTF_8).length);
                                  return result;
                                }))));
    double[] reduction = new double[programs.size()];
    try (CodeMode codeMode = builder.build()) {
      for (int i = 0; i < programs.size(); i++) {
        Path program = programs.get(i);
        rawBytes.set(0);
        PassOutcome outcome =
            codeMode.run(
                Files.readString(program), RunContext.of("bench", Principal.unconfined("bench")));
        if (outcome instanceof PassFailure failure) {
          throw new IllegalStateException(program.getFileName() + " failed: " + failure.message());
        }
        if (rawBytes.get() == 0) {
          throw new IllegalStateException(
              program.getFileName() + " made no call, so there is nothing to compare");
        }
        int egress = outcome.egress().bytes();
        reduction[i] = 100.0 * (1 - (double) egress / rawBytes.get());
        results.progress(
            String.format(
                Locale.ROOT,
                "  %s: %,d model-visible bytes instead of %,d (%.2f%%)",
                program.getFileName(),
                egress,
                rawBytes.get(),
                reduction[i]));
      }
    }
    results.measured("egress_reduction_pct", Stats.of(reduction), OptionalDouble.empty());
  }

  private static List<Path> programs(Path examples) throws IOException {
    try (Stream<Path> files = Files.list(examples)) {
      return files.filter(file -> file.getFileName().toString().endsWith(".js")).sorted().toList();
    }
  }
}
