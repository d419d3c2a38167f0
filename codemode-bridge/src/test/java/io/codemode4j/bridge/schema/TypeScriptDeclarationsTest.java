package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

/** Each schema construct has a golden declaration file; {@code DeclarationsTscIT} compiles them. */
class TypeScriptDeclarationsTest {

  @ParameterizedTest(name = "{0}")
  @FieldSource("io.codemode4j.bridge.schema.DeclarationCases#NAMES")
  void of_case_equalsItsGoldenFile(String name) throws IOException {
    assertThat(TypeScriptDeclarations.of(DeclarationCases.namespaces(name)))
        .isEqualTo(golden("declarations/" + name + ".d.ts"));
  }

  /**
   * Read-only is the default the outer description states once ({@link
   * TypeScriptDeclarations#READONLY_DEFAULT}), so only another class is named in a declaration.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"READONLY, false", "MUTATION, true", "NEEDS_APPROVAL, true"})
  void method_executionClass_namedOnlyWhenNotReadonly(ExecutionClass kind, boolean named) {
    String declaration =
        TypeScriptDeclarations.method(
            "act",
            new ToolSpec(
                "act",
                "Acts.",
                TestTools.json("{\"type\": \"object\"}"),
                TestTools.json("{\"type\": \"string\"}"),
                kind),
            "");

    assertThat(declaration.contains("@executionClass")).isEqualTo(named);
    assertThat(declaration.contains("@executionClass " + kind.wireName())).isEqualTo(named);
  }

  /**
   * An object whose properties carry no documentation is one line, up to a bound; else one each.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"number\"}, \"y\": {\"type\": \"number\"}},"
            + " \"required\": [\"x\", \"y\"], \"additionalProperties\": false}"
            + "| { x: number; y: number }",
        "{\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"number\", \"description\": \"Across.\"}},"
            + " \"required\": [\"x\"], \"additionalProperties\": false}"
            + "| {\\n  /** Across. */\\n  x: number;\\n}",
      })
  void method_objectType_oneLineOnlyWithoutDocs(String success, String expected) {
    String declaration =
        TypeScriptDeclarations.method(
            "get",
            new ToolSpec(
                "get",
                "",
                TestTools.json("{\"type\": \"object\"}"),
                TestTools.json(success),
                ExecutionClass.READONLY),
            "");

    assertThat(declaration).endsWith("Promise<" + expected.replace("\\n", "\n") + ">;\n");
  }

  @Test
  void method_longUndocumentedObject_onePropertyPerLine() {
    StringBuilder properties = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      properties
          .append(i == 0 ? "" : ", ")
          .append("\"property")
          .append(i)
          .append("\": {\"type\": \"string\"}");
    }
    String declaration =
        TypeScriptDeclarations.method(
            "get",
            new ToolSpec(
                "get",
                "",
                TestTools.json("{\"type\": \"object\"}"),
                TestTools.json(
                    "{\"type\": \"object\", \"properties\": {"
                        + properties
                        + "}, \"additionalProperties\": false}"),
                ExecutionClass.READONLY),
            "");

    assertThat(declaration).contains("\n  property0?: string;\n", "\n  property11?: string;\n");
  }

  static String golden(String resource) throws IOException {
    try (InputStream in =
        TypeScriptDeclarationsTest.class.getClassLoader().getResourceAsStream(resource)) {
      assertThat(in).as("test resource " + resource).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
