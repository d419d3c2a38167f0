package io.codemode4j.bench;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Model-visible bytes: each program of {@code examples/} runs once on the bundled data with the
 * default toolkit and limits (as {@code codemode run} runs it), treated as one question. {@code
 * model_bytes_per_question} is everything the model reads with Code Mode (the {@code
 * run_javascript} tool once, declarations included, then the program it sends and the egress it
 * reads) against the same plan with plain tool calling (every method as a native tool, then each
 * call's arguments and its whole result in context), per question. Beside it, each question is also
 * counted as a host that leaves the declarations to discovery would have it read: both tools, one
 * search per method the program calls and its answer, the program and the egress.
 *
 * <p>Decided: no metric of egress against the calls' raw results alone (it was {@code
 * egress_reduction_pct}): it counted none of what Code Mode adds to the context (the tool, its
 * declarations, the program), so it favoured Code Mode by construction; the comparison with plain
 * tool calling counts both sides whole.
 */
final class EgressScenario {

  private final Bench.Results results;

  /** What the model reads for one question: with Code Mode, and with plain tool calls. */
  record Question(String program, long codeModeBytes, long plainBytes, long discoveryBytes) {
    Question {
      if (codeModeBytes <= 0 || plainBytes <= 0 || discoveryBytes <= 0) {
        throw new IllegalArgumentException(
            program
                + ": bytes must be positive, were "
                + codeModeBytes
                + ", "
                + plainBytes
                + " and "
                + discoveryBytes);
      }
    }
  }

  EgressScenario(Bench.Results results) {
    this.results = results;
  }

  /** Runs every program of {@code examples}, records the metric and returns each question. */
  List<Question> run(Warehouse warehouse, Path examples) throws Exception {
    List<Path> programs = programs(examples);
    if (programs.isEmpty()) {
      throw new IllegalStateException("no *.js program in " + examples);
    }
    results.progress("model-visible bytes: " + programs.size() + " programs of " + examples);
    AtomicLong rawBytes = new AtomicLong();
    AtomicLong argumentBytes = new AtomicLong();
    Set<String> called = ConcurrentHashMap.newKeySet();
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
                                  called.add(namespace + "." + method);
                                  argumentBytes.addAndGet(utf8(arguments.toString()));
                                  JsonNode result = tool.handler().handle(arguments, context);
                                  rawBytes.addAndGet(
                                      result.toString().getBytes(StandardCharsets.UTF_8).length);
                                  return result;
                                }))));
    double[] codeModeBytes = new double[programs.size()];
    double[] plainBytes = new double[programs.size()];
    List<Question> questions = new ArrayList<>();
    try (CodeMode codeMode = builder.build();
        CodeMode undeclared = builder.includeDeclarations(false).build()) {
      long runTool =
          toolBytes(
              codeMode.tool().name(), codeMode.tool().description(), codeMode.tool().parameters());
      ToolDiscovery discovery = ToolDiscovery.of(List.of(undeclared));
      long discoveryTools =
          toolBytes(
                  undeclared.tool().name(),
                  undeclared.tool().description(),
                  undeclared.tool().parameters())
              + toolBytes(
                  discovery.tool().name(),
                  discovery.tool().description(),
                  discovery.tool().parameters());
      for (int i = 0; i < programs.size(); i++) {
        Path program = programs.get(i);
        rawBytes.set(0);
        argumentBytes.set(0);
        called.clear();
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
        long discovered =
            discoveryTools
                + discoveryCalls(discovery, called)
                + utf8(JsonNodeFactory.instance.objectNode().put("code", source).toString())
                + egress;
        questions.add(
            new Question(
                program.getFileName().toString(),
                (long) codeModeBytes[i],
                (long) plainBytes[i],
                discovered));
        results.progress(
            String.format(
                Locale.ROOT,
                "  %s: the model reads %,.0f bytes with Code Mode, %,.0f with plain tool calls (%.3f);"
                    + " %,d with discovery instead of declarations",
                program.getFileName(),
                codeModeBytes[i],
                plainBytes[i],
                codeModeBytes[i] / plainBytes[i],
                discovered));
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
    return List.copyOf(questions);
  }

  /**
   * What a model reads to find {@code methods} ({@code namespace.method}) with discovery, at best:
   * one search per method, by its name, whose first and only match, at the default (brief) detail,
   * is that method (else the bench fails rather than count a search that would not have found it).
   */
  private static long discoveryCalls(ToolDiscovery discovery, Set<String> methods) {
    long bytes = 0;
    for (String method : methods) {
      ObjectNode arguments =
          JsonNodeFactory.instance
              .objectNode()
              .put("query", method.substring(method.indexOf('.') + 1))
              .put("limit", 1);
      if (!(discovery.call(arguments, RunContext.of("bench", Principal.unconfined("bench")))
          instanceof OuterToolResult.Success found)) {
        throw new IllegalStateException("discovery refused " + arguments);
      }
      JsonNode match = found.json().path("matches").path(0);
      if (!method.equals(match.path("name").asString(""))) {
        throw new IllegalStateException(
            "discovery's first match for " + method + " is " + match.path("name").asString(""));
      }
      bytes += utf8(arguments.toString()) + utf8(found.json().toString());
    }
    return bytes;
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
