package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode apply PLAN}: the second half of {@code codemode run --plan}. Shows the plan, asks
 * once for all of its writes (as {@code --approve} says), and runs them once each, in order, with
 * their idempotency keys.
 *
 * <p>Decided: a plan changed after it was signed, expired, made for another principal or applied
 * before is refused before anyone is asked (and before the plan is shown): no one approves what
 * cannot run.
 *
 * <p>Decided: a plan applied with a key is recorded beside the key ({@link PlanKeyOption#claim}),
 * claimed before its writes run, so a second apply, in this process or another, writes nothing and
 * says so; the writes' idempotency keys keep the flag store from writing one twice even where the
 * record is lost. A plan that stopped or was refused is given back, so it may be applied again.
 */
@Command(
    name = "apply",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the plan's writes ran, or it had been applied before (nothing ran again)",
      "1:not applied: no approval, a write failed (the rest did not run), or the plan was changed,"
          + " expired or signed with another key",
      "2:usage error (no such plan file, not a plan, a bad option)"
    },
    mixinStandardHelpOptions = true,
    description = {
      "Apply a plan that `codemode run --plan PLAN` wrote: show its writes, ask for approval,"
          + " and run each write once, in order.",
      "Applying it again writes nothing and says so. A plan changed after it was signed, signed"
          + " with another key (--plan-key) or past its expiry (--plan-ttl) is refused, writing"
          + " nothing."
    })
final class ApplyCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Mixin ApprovalOptions approval;

  @Mixin PlanKeyOption planKey;

  @Parameters(index = "0", paramLabel = "PLAN", description = "The plan file run --plan wrote.")
  Path file;

  @Option(
      names = "--tenant",
      split = ",",
      paramLabel = "KEY",
      converter = TenantConverter.class,
      description =
          "Apply as the principal that planned: the same --tenant as the run --plan (a plan made"
              + " for another principal is refused).")
  @Nullable List<String> regions;

  @Option(
      names = "--audit",
      paramLabel = "FILE",
      description =
          "Append one JSON line per write and one for the apply to FILE (created if absent).")
  @Nullable Path audit;

  @Override
  public Integer call() {
    Tenant tenant = TenantConverter.tenant(spec, regions);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ApprovalOptions.Mode approve = approval.mode();
    Plan plan = read();
    Path keyFile = planKey.file(System.getenv());
    byte[] key;
    try {
      key = PlanKeyOption.read(keyFile, false);
    } catch (IllegalArgumentException | IOException e) {
      err.println("error: " + e.getMessage());
      return CodemodeCli.EXIT_FAILED;
    }
    Principal principal =
        tenant == null ? Principal.unconfined("cli") : Principal.ofTenant("cli", tenant.values());
    RunContext run = RunContext.of("cli-apply-" + UUID.randomUUID(), principal);
    PassObservers observers;
    try {
      observers = PassObservers.open(audit, false, System.getenv());
    } catch (IllegalArgumentException | IOException e) {
      throw CodemodeCli.usage(spec, e);
    }
    try (observers;
        DescribedWarehouse described = data.open();
        CodeMode codeMode =
            observers
                .register(data.install(described, state.context(), CodeMode.builder()))
                .planKey(key)
                .readyContexts(0)
                .build()) {
      String problem = tenant == null ? null : data.tenantProblem(described, tenant);
      if (problem != null) {
        throw CodemodeCli.usage(spec, problem);
      }
      // Decided: the plan is checked (its MAC, its expiry, its principal, whether it was applied)
      // before anyone is asked, so no one approves a plan that cannot run; apply checks again,
      // since the plan may expire while the person reads it.
      PlanApplication.Refused unusable = codeMode.refusal(plan, run);
      if (unusable != null) {
        err.println("error: " + escape(unusable.message(), MESSAGE));
        return CodemodeCli.EXIT_FAILED;
      }
      try {
        if (PlanKeyOption.applied(keyFile, plan.planId())) {
          out.println(alreadyApplied(plan));
          out.flush();
          return CodemodeCli.EXIT_OK;
        }
      } catch (IllegalArgumentException e) {
        err.println("error: " + e.getMessage());
        return CodemodeCli.EXIT_FAILED;
      }
      PlanText.show(err, plan);
      err.flush();
      ApprovalDecision decision = decide(approve, plan, err);
      if (!(decision instanceof ApprovalDecision.Approved approved)) {
        err.println("not applied: " + decision.reason() + "; nothing was written");
        return CodemodeCli.EXIT_FAILED;
      }
      if (!PlanKeyOption.claim(keyFile, plan.planId())) {
        out.println(alreadyApplied(plan));
        out.flush();
        return CodemodeCli.EXIT_OK;
      }
      PlanApplication applied = codeMode.apply(plan, approved, run);
      switch (applied) {
        case PlanApplication.Applied done -> {
          PlanText.ledger(err, done.calls());
          out.println(done.message());
        }
        case PlanApplication.AlreadyApplied again -> out.println(again.message());
        case PlanApplication.Stopped stopped -> {
          PlanKeyOption.release(keyFile, plan.planId());
          PlanText.ledger(err, stopped.calls());
          err.println("error: " + escape(stopped.message(), MESSAGE));
        }
        case PlanApplication.Refused refused -> {
          PlanKeyOption.release(keyFile, plan.planId());
          err.println("error: " + escape(refused.message(), MESSAGE));
        }
      }
      out.flush();
      return applied instanceof PlanApplication.Applied
              || applied instanceof PlanApplication.AlreadyApplied
          ? CodemodeCli.EXIT_OK
          : CodemodeCli.EXIT_FAILED;
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (IOException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  private static String alreadyApplied(Plan plan) {
    return "plan "
        + plan.planId()
        + " was already applied (or is being applied): nothing was written again";
  }

  /** The plan in {@link #file}; a file that is absent or not a plan is a usage error. */
  private Plan read() {
    try {
      return Plan.fromJson(JsonMapper.builder().build().readTree(file.toFile()));
    } catch (JacksonException e) {
      if (e.getCause() instanceof NoSuchFileException || !file.toFile().isFile()) {
        throw CodemodeCli.usage(
            spec, "no plan file " + file + " (give the file codemode run --plan wrote)");
      }
      throw CodemodeCli.usage(spec, "the plan file " + file + " is not JSON: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, "the plan file " + file + " is not a plan: " + e.getMessage());
    }
  }

  /** One approval for every write of {@code plan}, as {@code --approve} says. */
  private ApprovalDecision decide(ApprovalOptions.Mode mode, Plan plan, PrintWriter err) {
    return switch (mode) {
      case NONE ->
          ApprovalDecision.deny(
              "--approve none",
              "no one approves (--approve none, the default without a terminal); give --approve"
                  + " ask at a terminal, or --approve all");
      case ALL -> ApprovalDecision.approve("--approve all", "plan approved on the command line");
      case ASK -> {
        err.print(
            "apply "
                + plan.writes().size()
                + (plan.writes().size() == 1 ? " write" : " writes")
                + " of plan "
                + plan.planId()
                + "? [y/N] ");
        err.flush();
        String decider = "terminal (" + System.getProperty("user.name", "unknown user") + ")";
        String answer;
        try {
          answer =
              new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                  .readLine();
        } catch (IOException e) {
          answer = null;
        }
        if (answer == null) {
          yield ApprovalDecision.deny(decider, "no answer: the terminal's input ended");
        }
        String given = answer.strip().toLowerCase(Locale.ROOT);
        yield given.equals("y") || given.equals("yes")
            ? ApprovalDecision.approve(decider, "answered '" + given + "' at the prompt")
            : ApprovalDecision.deny(decider, "answered N at the prompt");
      }
    };
  }
}
