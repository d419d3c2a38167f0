package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokensTest {

  static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @TempDir Path dir;

  Path file(String json) throws IOException {
    return Files.writeString(dir.resolve("tokens.json"), json);
  }

  @Test
  void hash_isTheLowercaseHexSha256OfTheUtf8Token() {
    assertThat(Tokens.hash("abc")).isEqualTo(ABC);
  }

  @Test
  void load_validFile_mapsEachTokenToItsGrant() throws IOException {
    Tokens tokens =
        Tokens.load(
            file(
                """
                {"tokens": [
                  {"sha256": "%s", "principal": "ana", "tenant": ["emea", "apac"],
                   "methods": ["warehouse.*"], "maxConcurrentPasses": 2},
                  {"sha256": "%s", "principal": "ops"}
                ]}"""
                    .formatted(ABC, Tokens.hash("ops-token"))));

    Grant ana = tokens.grant("abc");
    Grant ops = tokens.grant("ops-token");

    assertThat(ana).isNotNull();
    assertThat(ana.principal().tenant()).isEqualTo(Set.of("emea", "apac"));
    assertThat(ana.methods()).isEqualTo(List.of("warehouse.*"));
    assertThat(ana.maxConcurrentPasses()).isEqualTo(2);
    assertThat(ana.visibility().allows("billing.invoices")).isFalse();
    assertThat(ops).isNotNull();
    assertThat(ops.principal().confined()).isFalse();
    assertThat(ops.maxConcurrentPasses()).isEqualTo(Grant.DEFAULT_CONCURRENT_PASSES);
    assertThat(tokens.grant("abd")).isNull();
    assertThat(tokens.grants()).hasSize(2);
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = "|",
      textBlock =
          """
          {"tokens": {}}                                                        | must be an object {"tokens": [
          {"tokens": []}                                                        | no tokens: give at least one
          {"tokens": [{"sha256": "ABC", "principal": "a"}]}                     | tokens[0] of
          {"tokens": [{"sha256": "HASH", "principal": "a", "role": "x"}]}       | has an unknown field "role"
          {"tokens": [{"sha256": "HASH"}]}                                      | needs "principal", a non-empty string
          {"tokens": [{"sha256": "HASH", "principal": "a", "tenant": []}]}      | tenant must be a non-empty array of strings
          {"tokens": [{"sha256": "HASH", "principal": "a", "methods": "x"}]}    | methods must be a non-empty array of strings
          {"tokens": [{"sha256": "HASH", "principal": "a", "maxConcurrentPasses": 0}]} | maxConcurrentPasses of a must be 1..256, was 0
          {"tokens": [{"sha256": "HASH", "principal": "a", "maxConcurrentPasses": "2"}]} | maxConcurrentPasses must be an integer
          {"tokens": [{"sha256": "HASH", "principal": "a"}, {"sha256": "HASH", "principal": "b"}]} | tokens[1] of
          {not json                                                             | is not JSON
          """)
  void load_wrongContent_isRefusedNamingWhatIsWrong(String json, String message)
      throws IOException {
    Path path = file(json.replace("HASH", ABC));

    assertThatThrownBy(() -> Tokens.load(path))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void load_sha256NotHex_pointsToHashToken() throws IOException {
    Path path = file("{\"tokens\": [{\"sha256\": \"plain-token\", \"principal\": \"a\"}]}");

    assertThatThrownBy(() -> Tokens.load(path))
        .hasMessageContaining("sha256 must be 64 lowercase hex digits")
        .hasMessageContaining("codemode mcp hash-token");
  }

  @Test
  void load_onePrincipalWithTwoGrants_isRefused() throws IOException {
    Path path =
        file(
            """
            {"tokens": [
              {"sha256": "%s", "principal": "ana", "tenant": ["emea"]},
              {"sha256": "%s", "principal": "ana", "tenant": ["apac"]}
            ]}"""
                .formatted(ABC, Tokens.hash("other")));

    assertThatThrownBy(() -> Tokens.load(path))
        .hasMessageContaining("two tokens of principal ana give different grants");
  }

  @Test
  void load_duplicateHash_namesTheSecondEntry() throws IOException {
    Path path =
        file(
            "{\"tokens\": [{\"sha256\": \"%s\", \"principal\": \"a\"}, {\"sha256\": \"%s\", \"principal\": \"a\"}]}"
                .formatted(ABC, ABC));

    assertThatThrownBy(() -> Tokens.load(path))
        .hasMessageContaining("tokens[1] of")
        .hasMessageContaining("repeats the hash of an earlier token");
  }
}
