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
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Model-visible bytes: each program of {@code examples/} runs once on the bundled data with the
 * default toolkit and limits (as {@code codemode run} runs it), treated as one question. {@code
 * model_bytes_per_question} is everything the model reads with Code Mode (the {@code
 * run_javascript} tool once, declarations included, then the program it sends and the egress it
 * reads) against the same plan with plain tool calling (every method as a native tool, then each
 * call's arguments and its whole result in context), per question.
 *
 * <p>Decided: no metric of egress against the calls' raw results alone (it was {@code
 * egress_reduction_pct}): it counted none of what Code Mode adds to the context (the tool, its
 * declarations, the program), so it favoured Code Mode by construction; the comparison with plain
 * tool calling counts both sides whole.
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
    AtomicLong argumentBytes = new AtomicLong();
    long nativeToolBytes = 0;
    CodeMode.Builder builder = CodeMode.builder();
    for (var namespace : BillingSample.toolkit(warehouse).entrySet()) {
      for (var method : namespace.getValue().entrySet()) {
        nativeToolBytes +=
            toolBytes(
                namespace.getKey() + "_" + method.getKey(),
                method.getValue().spec().description(),
                method.getValue().spec().parameters());
      }
    }
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
                                  argumentBytes.addAndGet(utf8(arguments.toString()));
                                  JsonNode result = tool.handler().handle(arguments, context);
                                  rawBytes.addAndGet(
                                      result.toString().getBytes(StandardCharsets.UTF_8).length);
                                  return result;
                                }))));
    double[] codeModeBytes = new double[programs.size()];
    double[] plainBytes = new double[programs.size()];
    try (CodeMode codeMode = builder.build()) {
      long runTool =
          toolBytes(
              codeMode.tool().name(), codeMode.tool().description(), codeMode.tool().parameters());
      for (int i = 0; i < programs.size(); i++) {
        Path program = programs.get(i);
        rawBytes.set(0);
        argumentBytes.set(0);
        String source = Files.readString(program);
        PassOutcome outcome =
            codeMode.run(source, RunContext.of("bench", Principal.unconfined("bench")));
        if (outcome instanceof PassFailure failure) {
          throw new IllegalStateException(program.getFileName() + " failed: " + failure.message());
        }
        if (rawBytes.get() == 0) {
          throw new IllegalStateException(
              program.getFileName() + " made no call, so there is nothing to compare");
        }
        int egress = outcome.egress().bytes();
        codeModeBytes[i] =
            runTool
                + utf8(JsonNodeFactory.instance.objectNode().put("code", source).toString())
                + egress;
        plainBytes[i] = nativeToolBytes + argumentBytes.get() + rawBytes.get();
        results.progress(
            String.format(
                Locale.ROOT,
                "  %s: the model reads %,.0f bytes with Code Mode, %,.0f with plain tool calls (%.3f)",
                program.getFileName(),
                codeModeBytes[i],
                plainBytes[i],
                codeModeBytes[i] / plainBytes[i]));
      }
    }
    results.progress(
        String.format(
            Locale.ROOT,
            "  all %d questions: %,.0f bytes with Code Mode, %,.0f with plain tool calls (%.3f)",
            programs.size(),
            sum(codeModeBytes),
            sum(plainBytes),
            sum(codeModeBytes) / sum(plainBytes)));
    results.measured(
        "model_bytes_per_question",
        Stats.of(codeModeBytes),
        OptionalDouble.of(Measure.median(plainBytes)));
  }

  /** A tool as a model receives it: name, description and parameters schema. */
  private static long toolBytes(String name, String description, JsonNode parameters) {
    return utf8(
        JsonNodeFactory.instance
            .objectNode()
            .put("name", name)
            .put("description", description)
            .set("parameters", parameters)
            .toString());
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static double sum(double[] values) {
    double total = 0;
    for (double v : values) {
      total += v;
    }
    return total;
  }

  private static List<Path> programs(Path examples) throws IOException {
    try (Stream<Path> files = Files.list(examples)) {
      return files.filter(file -> file.getFileName().toString().endsWith(".js")).sorted().toList();
    }
  }
}
