package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** Each schema construct has a golden declaration file; {@code DeclarationsTscIT} compiles them. */
class TypeScriptDeclarationsTest {

  @ParameterizedTest(name = "{0}")
  @FieldSource("io.codemode4j.bridge.schema.DeclarationCases#NAMES")
  void of_case_equalsItsGoldenFile(String name) throws IOException {
    assertThat(TypeScriptDeclarations.of(DeclarationCases.namespaces(name)))
        .isEqualTo(golden("declarations/" + name + ".d.ts"));
  }

  static String golden(String resource) throws IOException {
    try (InputStream in =
        TypeScriptDeclarationsTest.class.getClassLoader().getResourceAsStream(resource)) {
      assertThat(in).as("test resource " + resource).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
