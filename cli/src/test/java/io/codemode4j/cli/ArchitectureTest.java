package io.codemode4j.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph, checked on the compiled classes of every module (this module's test classpath
 * holds every one of them): {@code cli -> benchmarks -> mcp-server -> warehouse-tools ->
 * {sql-allowlist, codemode-bridge}}, the engines and the billing pack over warehouse-tools and
 * reached by generic modules only through ServiceLoader, {@code sample-data} below benchmarks, the
 * starter and cli only, {@code agent-runtime} between cli and the bridge, {@code
 * spring-boot-starter} a front end that nothing depends on, and no module reaching into another's
 * {@code internal} packages.
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
          Map.entry("io.codemode4j.spring", "spring-boot-starter"),
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
            .layer("spring-boot-starter")
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
            .layer("codemode-bridge")
            .definedBy("io.codemode4j.bridge..")
            .layer("sql-allowlist")
            .definedBy("io.codemode4j.sql..")
            .whereLayer("cli")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("benchmarks")
            .mayOnlyBeAccessedByLayers("cli")
            .whereLayer("agent-runtime")
            .mayOnlyBeAccessedByLayers("cli")
            .whereLayer("spring-boot-starter")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("mcp-server")
            .mayOnlyBeAccessedByLayers("benchmarks", "cli")
            .whereLayer("billing")
            .mayOnlyBeAccessedByLayers("benchmarks", "spring-boot-starter", "cli")
            .whereLayer("engines")
            .mayOnlyBeAccessedByLayers("billing", "benchmarks")
            .whereLayer("warehouse-tools")
            .mayOnlyBeAccessedByLayers(
                "engines", "billing", "mcp-server", "benchmarks", "spring-boot-starter", "cli")
            .whereLayer("sample-data")
            .mayOnlyBeAccessedByLayers("benchmarks", "spring-boot-starter", "cli")
            .whereLayer("codemode-bridge")
            .mayOnlyBeAccessedByLayers(
                "warehouse-tools",
                "engines",
                "billing",
                "mcp-server",
                "benchmarks",
                "agent-runtime",
                "spring-boot-starter",
                "cli")
            .whereLayer("sql-allowlist")
            .mayOnlyBeAccessedByLayers(
                "warehouse-tools",
                "engines",
                "billing",
                "mcp-server",
                "benchmarks",
                "spring-boot-starter",
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
