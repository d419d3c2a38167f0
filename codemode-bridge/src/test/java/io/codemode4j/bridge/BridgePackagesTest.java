package io.codemode4j.bridge;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's packages depend on each other in one direction: the value and SPI packages ({@code
 * tool}, {@code outcome}, {@code schema}) on nothing internal; {@code discovery} on the host API
 * and the schema validator only, and nothing on discovery; inside {@code internal}, the worker on
 * the engine and the engine on the broker, never back; {@code event}, which audit and OpenTelemetry
 * implement, on the value packages only; {@code audit} and {@code telemetry}, the two listeners the
 * bridge ships, on events and value packages only. Which other modules may use the bridge, and that
 * none uses its {@code internal} packages, is checked in the {@code cli} module, whose tests see
 * every module.
 */
class BridgePackagesTest {

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.codemode4j.bridge");
  }

  @Test
  void valuesAndSpi_dependOnNothingInternal() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.codemode4j.bridge.tool..",
            "io.codemode4j.bridge.outcome..",
            "io.codemode4j.bridge.event..",
            "io.codemode4j.bridge.schema..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.codemode4j.bridge.internal..")
        .because(
            "a host keeps and implements these types; they must not change when the engine does")
        .check(classes);
  }

  @Test
  void events_dependOnlyOnTheValuePackages() {
    noClasses()
        .that()
        .resideInAPackage("io.codemode4j.bridge.event..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.codemode4j.bridge",
            "io.codemode4j.bridge.schema..",
            "io.codemode4j.bridge.discovery..",
            "io.codemode4j.bridge.internal..")
        .because("a listener module compiles against events and outcomes alone")
        .check(classes);
  }

  @Test
  void auditAndTelemetry_dependOnlyOnEventsAndTheValuePackages() {
    noClasses()
        .that()
        .resideInAnyPackage("io.codemode4j.bridge.audit..", "io.codemode4j.bridge.telemetry..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.codemode4j.bridge",
            "io.codemode4j.bridge.schema..",
            "io.codemode4j.bridge.discovery..",
            "io.codemode4j.bridge.internal..")
        .because("they are listeners like any a host could write, and see only what events carry")
        .check(classes);
  }

  @Test
  void discovery_isReadByNothingElseInTheBridge() {
    noClasses()
        .that()
        .resideInAPackage("io.codemode4j.bridge..")
        .and()
        .resideOutsideOfPackage("io.codemode4j.bridge.discovery..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.codemode4j.bridge.discovery..")
        .because(
            "discovery reads CodeMode through its public view, and the core does not read discovery")
        .check(classes);
  }

  @Test
  void discovery_usesNothingInternalButTheSchemaValidator() {
    noClasses()
        .that()
        .resideInAPackage("io.codemode4j.bridge.discovery..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.codemode4j.bridge.internal..")
                .and(not(simpleName(SchemaValidator.class.getSimpleName()))))
        .check(classes);
  }

  @Test
  void broker_dependsOnNeitherEngineNorWorker() {
    noClasses()
        .that()
        .resideInAPackage("io.codemode4j.bridge.internal.broker..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.codemode4j.bridge.internal.engine..", "io.codemode4j.bridge.internal.worker..")
        .because("the security boundary is the same whichever executor runs the program")
        .check(classes);
  }

  @Test
  void engine_doesNotDependOnTheWorker() {
    noClasses()
        .that()
        .resideInAPackage("io.codemode4j.bridge.internal.engine..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.codemode4j.bridge.internal.worker..")
        .because("the worker runs the engine, not the other way round")
        .check(classes);
  }
}
