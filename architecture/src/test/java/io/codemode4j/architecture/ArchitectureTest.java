package io.codemode4j.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph, checked on the compiled classes of every module (this module's test classpath
 * holds every one of them): {@code cli -> mcp-server -> codemode-bridge} (the server takes its
 * table resources from its caller), {@code benchmarks} beside the CLI and depended on by nothing
 * (its own launcher; the CLI a user installs ships no benchmark), {@code cli -> warehouse-tools ->
 * {sql-allowlist, codemode-bridge}}, {@code charts} (Jackson only) below the front ends, the
 * engines and the billing pack over warehouse-tools and reached by generic modules only through
 * ServiceLoader, {@code sample-data} below benchmarks, the starter and cli only, {@code
 * agent-runtime} between cli and the bridge, {@code spring-boot-autoconfigure} a front end that
 * nothing depends on (its starter holds no classes: Spring Boot's starter and auto-configure
 * split), and no module reaching into another's {@code internal} packages.
 *
 * <p>Decided: ArchUnit rules in a plain JUnit test rather than {@code module-info.java} (GraalJS
 * exports {@code com.oracle.js.parser}, which the bridge parses programs with, only to its own
 * Node.js module, so the bridge cannot be a named module yet). Maven's dependency graph already
 * refuses an import of a module that is not a dependency; these rules also refuse one that a new
 * {@code <dependency>} would make possible in the wrong direction, and the use of {@code internal}
 * types, which are public only because Java has no other way to share them between the packages of
 * one module.
 */
class ArchitectureTest {

  /**
   * Module name by the package every one of its classes lives under; the longest root wins, so the
   * billing pack is not warehouse-tools.
   */
  private static final Map<String, String> MODULES =
      Map.ofEntries(
          Map.entry("io.codemode4j.sql", "sql-allowlist"),
          Map.entry("io.codemode4j.bridge", "codemode-bridge"),
          Map.entry("io.codemode4j.charts", "charts"),
          Map.entry("io.codemode4j.sample", "sample-data"),
          Map.entry("io.codemode4j.warehouse", "warehouse-tools"),
          Map.entry("io.codemode4j.warehouse.billing", "billing"),
          Map.entry("io.codemode4j.engine.duckdb", "engine-duckdb"),
          Map.entry("io.codemode4j.engine.postgres", "engine-postgres"),
          Map.entry("io.codemode4j.engine.trino", "engine-trino"),
          Map.entry("io.codemode4j.engine.mariadb", "engine-mariadb"),
          Map.entry("io.codemode4j.mcp", "mcp-server"),
          Map.entry("io.codemode4j.bench", "benchmarks"),
          Map.entry("io.codemode4j.agent", "agent-runtime"),
          Map.entry("io.codemode4j.spring", "spring-boot-autoconfigure"),
          Map.entry("io.codemode4j.cli", "cli"));

  /**
   * The packages an engine lives in: its module's and its JDBC driver's. Decided: only the engines'
   * own modules, the billing sample (its loaders) and the benchmarks (which measure named engines)
   * may name one; every generic module reaches an engine through the SPI alone, so a new engine is
   * a module of its own and nothing else.
   */
  private static final String[] ENGINE_PACKAGES = {
    "io.codemode4j.engine..", "org.duckdb..", "org.postgresql..", "io.trino..", "org.mariadb.."
  };

  /**
   * The public top-level types of {@code internal} packages, each with why it is public: another
   * package of its own module uses it (Java has no narrower visibility between packages), and no
   * other module may ({@link #noModule_importsAnotherModulesInternalPackages}). A new one is added
   * here with its reason, or made package-private.
   */
  private static final Map<String, String> PUBLIC_INTERNALS =
      Map.ofEntries(
          Map.entry(
              "io.codemode4j.bridge.internal.Utf8",
              "UTF-8 byte counts of the facade, broker, engine and worker packages"),
          Map.entry(
              "io.codemode4j.bridge.internal.GuestJson",
              "guest values as JSON, for the engine, broker, worker and audit packages"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.Sandbox",
              "the worker package builds the same sandbox in its JVM"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.GraalPass",
              "the worker package runs passes in its JVM"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.ContextPool",
              "the worker package keeps a pool of its own"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.ProgramShape",
              "PassRunner checks a program's shape before it runs"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.CodeExecutor",
              "the executor PassRunner holds, implemented in the engine and worker packages"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.PassResult",
              "what an executor of either package answers PassRunner"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.GraalExecutor",
              "PassRunner builds the in-process executor"),
          Map.entry(
              "io.codemode4j.bridge.internal.engine.SandboxGlobals",
              "CodeModeConfig refuses a namespace that would shadow one of the sandbox's globals"),
          Map.entry(
              "io.codemode4j.bridge.internal.worker.WorkerProcessExecutor",
              "PassRunner builds the worker-process executor"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.Broker",
              "CodeMode builds it and both executors call through it"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.PlanRecorder",
              "CodeMode.plan makes one and PassRunner hands it to the broker, which records a planned"
                  + " pass's reads and writes"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.PlanSigner",
              "CodeMode signs a plan and checks it before applying it with the host's plan key"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.CallDispatcher",
              "the engine and worker packages dispatch inner calls through it"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.LocalDispatcher",
              "the engine and worker packages make one"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.Authorizer",
              "CodeMode builds it from the host's authorization hook"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.Approver",
              "CodeMode builds it from the host's approval channel and maxApprovalWait"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.GuardedListeners",
              "CodeMode wraps the host's listeners in it"),
          Map.entry(
              "io.codemode4j.bridge.internal.broker.SchemaValidator",
              "CodeMode, declarations and discovery validate arguments with it"),
          Map.entry(
              "io.codemode4j.sql.internal.Approver",
              "SqlAllowlist hands every text to this one class"),
          Map.entry(
              "io.codemode4j.sql.internal.AllowedTables", "SqlAllowlist's builder configures it"),
          Map.entry(
              "io.codemode4j.sql.internal.Names",
              "the API and dialect packages check identifiers by its one rule"),
          Map.entry(
              "io.codemode4j.sql.internal.DuckDbSql",
              "the dialect package builds DuckDB's dialect from it"),
          Map.entry(
              "io.codemode4j.sql.internal.Rewriting", "the dialect package applies its rewrites"),
          Map.entry(
              "io.codemode4j.mcp.internal.McpFeatures",
              "both servers of io.codemode4j.mcp offer its tools, resources and prompt"),
          Map.entry("io.codemode4j.mcp.internal.PassGate", "CodeModeMcp bounds the passes with it"),
          Map.entry(
              "io.codemode4j.mcp.internal.McpTelemetry", "CodeModeMcp builds it for both servers"),
          Map.entry(
              "io.codemode4j.mcp.internal.JsonRpcScreen",
              "both servers screen every incoming message with it"),
          Map.entry(
              "io.codemode4j.mcp.internal.JsonRpcErrors",
              "both servers write their JSON-RPC errors with it"),
          Map.entry(
              "io.codemode4j.mcp.internal.StdioDrain", "McpStdioServer reads stdin through it"),
          Map.entry(
              "io.codemode4j.mcp.internal.HttpEndpoint", "McpHttpServer serves HTTP through it"),
          Map.entry(
              "io.codemode4j.mcp.internal.FailedAuthentications",
              "McpHttpServer throttles failed tokens with it"),
          Map.entry(
              "io.codemode4j.mcp.internal.KeptSessions",
              "McpHttpServer bounds each token's kept sessions with it"),
          Map.entry(
              "io.codemode4j.mcp.internal.AnalystPrompt",
              "both servers offer the analyst prompt it writes"),
          Map.entry(
              "io.codemode4j.mcp.internal.PlanApproval",
              "the stdio and HTTP servers give apply_plan the client's approval of a plan through"
                  + " it (ElicitationApproval, or a denial saying why the client cannot be asked)"),
          Map.entry(
              "io.codemode4j.mcp.internal.CallNotifier",
              "both servers send a call's log and progress notifications through it"),
          Map.entry(
              "io.codemode4j.mcp.internal.TableTemplate",
              "both servers offer the table template and its completions"),
          Map.entry(
              "io.codemode4j.mcp.internal.LargeResults",
              "both servers offer the large results' pages as a resource template"),
          Map.entry(
              "io.codemode4j.mcp.internal.ChartLinks",
              "both servers offer the charts' MCP Apps as a resource template"),
          Map.entry(
              "io.codemode4j.mcp.internal.ProgressRoutes",
              "McpProgress gives the host its pass listener"),
          Map.entry("io.codemode4j.agent.internal.AgentRun", "Agent runs each question as one"),
          Map.entry(
              "io.codemode4j.agent.internal.LangChainTools",
              "Agent gives the model its tools through it"));

  private static final Pattern INTERNAL =
      Pattern.compile("(io\\.codemode4j\\.[a-z.]+?)\\.internal(\\..*)?");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // and the test-jar of agent-runtime (AskCommandIT's OpenAI-wire server), which the
            // option above, matching only test-classes directories, lets through
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.codemode4j");
  }

  @Test
  void classesOfEveryModule_areImported() {
    MODULES.forEach(
        (root, module) ->
            assertThat(
                    classes.stream()
                        .filter(
                            c ->
                                moduleRoot(c.getPackageName()) != null
                                    && moduleRoot(c.getPackageName()).equals(root)))
                .as(module)
                .isNotEmpty());
  }

  @Test
  void modules_dependOnlyDownTheirGraph() {
    ArchRule rule =
        layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("cli")
            .definedBy("io.codemode4j.cli..")
            .layer("benchmarks")
            .definedBy("io.codemode4j.bench..")
            .layer("agent-runtime")
            .definedBy("io.codemode4j.agent..")
            .layer("spring-boot-autoconfigure")
            .definedBy("io.codemode4j.spring..")
            .layer("mcp-server")
            .definedBy("io.codemode4j.mcp..")
            .layer("billing")
            .definedBy("io.codemode4j.warehouse.billing..")
            .layer("engines")
            .definedBy("io.codemode4j.engine..")
            .layer("warehouse-tools")
            .definedBy(
                "io.codemode4j.warehouse",
                "io.codemode4j.warehouse.config..",
                "io.codemode4j.warehouse.engine..",
                "io.codemode4j.warehouse.pack..")
            .layer("sample-data")
            .definedBy("io.codemode4j.sample..")
            .layer("charts")
            .definedBy("io.codemode4j.charts..")
            .layer("codemode-bridge")
            .definedBy("io.codemode4j.bridge..")
            .layer("sql-allowlist")
            .definedBy("io.codemode4j.sql..")
            .whereLayer("cli")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("benchmarks")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("agent-runtime")
            .mayOnlyBeAccessedByLayers("cli")
            .whereLayer("spring-boot-autoconfigure")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("mcp-server")
            .mayOnlyBeAccessedByLayers("benchmarks", "cli")
            .whereLayer("billing")
            .mayOnlyBeAccessedByLayers("benchmarks", "spring-boot-autoconfigure", "cli")
            .whereLayer("engines")
            .mayOnlyBeAccessedByLayers("billing", "benchmarks")
            .whereLayer("warehouse-tools")
            .mayOnlyBeAccessedByLayers(
                "engines", "billing", "benchmarks", "spring-boot-autoconfigure", "cli")
            .whereLayer("sample-data")
            .mayOnlyBeAccessedByLayers("benchmarks", "spring-boot-autoconfigure", "cli")
            .whereLayer("charts")
            .mayOnlyBeAccessedByLayers(
                "mcp-server", "benchmarks", "agent-runtime", "spring-boot-autoconfigure", "cli")
            .whereLayer("codemode-bridge")
            .mayOnlyBeAccessedByLayers(
                "warehouse-tools",
                "engines",
                "billing",
                "mcp-server",
                "benchmarks",
                "agent-runtime",
                "spring-boot-autoconfigure",
                "cli")
            .whereLayer("sql-allowlist")
            .mayOnlyBeAccessedByLayers(
                "warehouse-tools",
                "engines",
                "billing",
                "mcp-server",
                "benchmarks",
                "spring-boot-autoconfigure",
                "cli");
    rule.check(classes);
  }

  @Test
  void genericModules_nameNoEngine() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.codemode4j.sql..",
                "io.codemode4j.bridge..",
                "io.codemode4j.warehouse",
                "io.codemode4j.warehouse.config..",
                "io.codemode4j.warehouse.engine..",
                "io.codemode4j.warehouse.pack..",
                "io.codemode4j.mcp..",
                "io.codemode4j.agent..",
                "io.codemode4j.spring..",
                "io.codemode4j.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(ENGINE_PACKAGES)
            .because(
                "an engine is a plug-in found through ServiceLoader: a generic module that named"
                    + " one would have to change for the next");
    rule.check(classes);
  }

  @Test
  void internalPackages_havePublicTypesOnlyWhereAllowedWithAReason() {
    Set<String> publicInternals =
        classes.stream()
            .filter(c -> INTERNAL.matcher(c.getPackageName()).matches())
            .filter(JavaClass::isTopLevelClass)
            .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC))
            .map(JavaClass::getName)
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(publicInternals)
        .as(
            "public types of internal packages: add each to PUBLIC_INTERNALS with why, or make it"
                + " package-private")
        .isSubsetOf(PUBLIC_INTERNALS.keySet());
    assertThat(PUBLIC_INTERNALS.keySet())
        .as("PUBLIC_INTERNALS names only public types of internal packages")
        .isSubsetOf(publicInternals);
  }

  @Test
  void noModule_importsAnotherModulesInternalPackages() {
    ArchRule rule =
        ArchRuleDefinition.classes()
            .should(notDependOnAnotherModulesInternals())
            .because(
                "internal packages are public only to share types between the packages of their own module");
    rule.check(classes);
  }

  private static ArchCondition<JavaClass> notDependOnAnotherModulesInternals() {
    return new ArchCondition<>("not depend on another module's internal packages") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        String from = moduleRoot(origin.getPackageName());
        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
          Matcher internal = INTERNAL.matcher(dependency.getTargetClass().getPackageName());
          if (internal.matches() && !internal.group(1).equals(from)) {
            events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
          }
        }
      }
    };
  }

  /**
   * The module package {@code packageName} lies under, e.g. {@code io.codemode4j.bridge}, or null.
   */
  private static String moduleRoot(String packageName) {
    String best = null;
    for (String root : MODULES.keySet()) {
      if ((packageName.equals(root) || packageName.startsWith(root + "."))
          && (best == null || root.length() > best.length())) {
        best = root;
      }
    }
    return best;
  }
}
