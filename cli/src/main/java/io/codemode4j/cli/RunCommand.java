package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.CELL;
import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.Context.TEXT;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.LogEntry;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.plan.Planning;
import io.codemode4j.charts.Chart;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode run FILE|-}: one Code Mode pass of a program against the warehouse and billing
 * tools.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run one JavaScript program (exactly one async function expression) in the sandbox.",
      "It may call warehouse.query, warehouse.tables and the methods of the description's packs.",
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the program returned a value",
      "1:the program failed (thrown, a limit, a tool error) or the data could not be read",
      "2:usage error (a bad option or value, a wrong description, an unknown --tenant, no such"
          + " file)"
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Mixin ChartOption chart;
  @Mixin ApprovalOptions approval;
  @Mixin PlanKeyOption planKey;

  @Option(
      names = "--plan",
      paramLabel = "PLAN",
      description =
          "Plan instead of writing: the program's reads run, and each call that needs approval"
              + " (billing.flagInvoice) is checked and recorded, not run, into a signed plan"
              + " written to the file PLAN and shown on stderr; `codemode apply PLAN` runs its"
              + " writes once each after a person approves.")
  @Nullable Path plan;

  @Option(
      names = "--plan-ttl",
      paramLabel = "DURATION",
      defaultValue = "15m",
      converter = DurationConverter.class,
      description =
          "With --plan: how long the plan may wait to be applied, at most 1d (default:"
              + " ${DEFAULT-VALUE}).")
  Duration planTtl;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "The program file, or - to read it from standard input.")
  String file;

  @Option(
      names = "--json",
      description =
          "Print one JSON object: ok, result, logs, calls, omittedCalls, error "
              + "(what a model would see, within its egress budget).")
  boolean json;

  @Option(
      names = "--calls",
      description =
          "In human mode, also print the call ledger on stderr: one line per inner call with its"
              + " id, method, status, failure kind and duration (--json always has it).")
  boolean calls;

  @Option(
      names = "--tenant",
      split = ",",
      paramLabel = "KEY",
      converter = TenantConverter.class,
      description =
          "Run as a principal that sees only these tenants' rows: values of the description's"
              + " tenancy key (the sample's regions, e.g. emea or emea,apac).")
  @Nullable List<String> regions;

  @Option(
      names = "--max-host-concurrency",
      paramLabel = "N",
      defaultValue = "4",
      description = "Inner calls running at once, 1..64 (default: ${DEFAULT-VALUE}).")
  int maxHostConcurrency;

  @Option(
      names = "--isolation",
      paramLabel = "MODE",
      defaultValue = "in-process",
      description =
          "in-process (default: fastest start) or process (a worker JVM with a hard heap cap).")
  String isolation;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description =
          "Wall-clock limit of the program, e.g. 500ms, 5s, 2m (default: ${DEFAULT-VALUE}).")
  Duration timeout;

  @Option(
      names = "--audit",
      paramLabel = "FILE",
      description =
          "Append one JSON line per inner call and one for the pass to FILE (created if absent).")
  @Nullable Path audit;

  @Option(
      names = "--audit-arguments",
      description = "With --audit, also write each call's arguments (off by default).")
  boolean auditArguments;

  @Override
  public Integer call() {
    Tenant tenant = TenantConverter.tenant(spec, regions);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String source;
    CodeExecutionLimits limits;
    Isolation mode;
    // Checked here, so the message names the flag typed rather than the limit's field.
    if (maxHostConcurrency < 1 || maxHostConcurrency > CodeExecutionLimits.MAX_CONCURRENCY) {
      throw CodemodeCli.usage(
          spec,
          "--max-host-concurrency must be 1.."
              + CodeExecutionLimits.MAX_CONCURRENCY
              + ", was "
              + maxHostConcurrency);
    }
    mode =
        switch (isolation) {
          // One pass needs one worker.
          case "process" -> new Isolation.Process(1, 512);
          case "in-process" -> Isolation.inProcess();
          default ->
              throw CodemodeCli.usage(
                  spec, "--isolation must be in-process or process, was '" + isolation + "'");
        };
    if (json && chart.toStdout()) {
      throw CodemodeCli.usage(
          spec,
          "--chart - prints the chart's spec on stdout, where --json prints the outcome: give"
              + " --chart FILE.html with --json");
    }
    ApprovalOptions.Mode approve = approval.mode();
    if (planTtl.compareTo(Duration.ofDays(1)) > 0) {
      throw CodemodeCli.usage(
          spec, "--plan-ttl must be at most 1d, was " + Durations.format(planTtl));
    }
    try {
      source = read();
    } catch (IOException e) {
      throw CodemodeCli.usage(spec, e);
    }
    // Made only once the program is read: a command line that fails makes no key.
    byte @Nullable [] key = null;
    if (plan != null) {
      try {
        key = PlanKeyOption.read(planKey.file(System.getenv()), true);
      } catch (IllegalArgumentException | IOException e) {
        throw CodemodeCli.usage(spec, "--plan-key: " + e.getMessage());
      }
    }
    limits =
        ApprovalOptions.limits(
            CodeExecutionLimits.defaults()
                .withMaxHostCallConcurrency(maxHostConcurrency)
                .withMaxWallTime(timeout),
            approve);
    Principal principal =
        tenant == null ? Principal.unconfined("cli") : Principal.ofTenant("cli", tenant.values());
    // The engine warms on another core while this thread opens the warehouse (see EngineWarmUp); a
    // worker
    // process has an engine of its own, which no warm-up here would reach. If the warehouse fails,
    // closing the
    // warm-up stops it and waits for its thread, and the warehouse's error is what the command
    // reports.
    // One pass per process: no contexts are prepared ahead of passes that will never come.
    PassObservers observers;
    try {
      observers = PassObservers.open(audit, auditArguments, System.getenv());
    } catch (IllegalArgumentException | IOException e) {
      throw CodemodeCli.usage(spec, e);
    }
    try (observers;
        EngineWarmUp warmUp = mode instanceof Isolation.InProcess ? EngineWarmUp.start() : null;
        DescribedWarehouse described = data.open();
        CodeMode codeMode =
            PlanKeyOption.install(
                    ApprovalOptions.install(
                            observers.register(
                                data.install(described, state.context(), CodeMode.builder())),
                            limits,
                            approve,
                            err,
                            System.in)
                        .limits(limits)
                        .isolation(mode)
                        .readyContexts(0)
                        .planTtl(planTtl),
                    key)
                .build()) {
      String problem = tenant == null ? null : data.tenantProblem(described, tenant);
      if (problem != null) {
        throw CodemodeCli.usage(spec, problem);
      }
      if (warmUp != null) {
        warmUp.await();
      }
      RunContext context = RunContext.of("cli-" + UUID.randomUUID(), principal);
      PassOutcome outcome;
      if (plan != null) {
        Planning planning = codeMode.plan(source, context);
        outcome = planning.pass();
        Files.writeString(
            plan,
            JsonMapper.builder()
                    .build()
                    .writerWithDefaultPrettyPrinter()
                    .writeValueAsString(planning.plan().toJson())
                + "\n");
        PlanText.show(err, planning.plan());
        err.println(
            "plan written to "
                + escape(plan.toString(), MESSAGE)
                + (outcome.ok() ? "" : " (the program failed: read why before approving it)")
                + "; apply it with: codemode apply "
                + escape(plan.toString(), MESSAGE));
      } else {
        outcome = codeMode.run(source, context);
      }
      if (json) {
        out.println(outcome.egress().json());
      } else {
        for (LogEntry log : outcome.logs()) {
          err.println(escape(log.line(), MESSAGE));
        }
        if (calls) {
          printLedger(err, outcome.calls());
        }
        switch (outcome) {
          // A mapper of its own, made here: a static one would be built while picocli parses the
          // command line.
          case PassSuccess success -> {
            if (!chart.toStdout()) {
              out.println(
                  escape(
                      JsonMapper.builder()
                          .build()
                          .writerWithDefaultPrettyPrinter()
                          .writeValueAsString(success.result()),
                      TEXT));
            }
          }
          case PassFailure failure ->
              err.println(
                  "error: "
                      + failure.kind().wireName()
                      + (failure.limit() == null ? "" : " (" + failure.limit().wireName() + ")")
                      + ": "
                      + escape(failure.message(), MESSAGE));
        }
      }
      boolean charted = true;
      if (chart.requested()) {
        if (outcome instanceof PassSuccess success) {
          String drawn = chart.draw(() -> Chart.ofResult(success.result()), title(), out, err);
          charted = drawn != null;
          if (drawn != null && !chart.toStdout()) {
            err.println("chart: " + escape(drawn, MESSAGE));
          }
        } else {
          err.println("error: no chart: the program failed");
          charted = false;
        }
      }
      out.flush();
      return outcome.ok() && charted ? CodemodeCli.EXIT_OK : CodemodeCli.EXIT_FAILED;
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("error: interrupted while the engine warmed up");
      return CodemodeCli.EXIT_FAILED;
    } catch (IOException e) {
      // Writing the plan, or closing the audit file after the pass (its last lines may be lost).
      err.println(
          "error: "
              + (plan != null
                  ? "writing the plan or closing the audit file: "
                  : "closing the audit file: ")
              + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  /** The chart page's title: the program's file name. */
  private String title() {
    return file.equals("-") ? "codemode run" : Path.of(file).getFileName().toString();
  }

  /**
   * The ledger as {@code calls:} and one line per call; a method name is the program's, so it is
   * escaped.
   */
  private static void printLedger(PrintWriter err, List<CallRecord> ledger) {
    err.println("calls: " + ledger.size());
    for (CallRecord call : ledger) {
      err.println(
          "  "
              + call.callId()
              + " "
              + escape(call.method(), CELL)
              + " "
              + call.status().wireName()
              + (call.failureKind() == null ? "" : " (" + call.failureKind() + ")")
              + " "
              + String.format(Locale.ROOT, "%.1fms", call.duration().toNanos() / 1e6));
    }
  }

  private String read() throws IOException {
    if (file.equals("-")) {
      return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try {
      return Files.readString(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(
          file, null, "no such program file (give a path, or - for standard input)");
    }
  }
}
