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
                  {"sha256": "%s", "principal": "ops", "allTenants": true}
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
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": true, "methods": "x"}]}    | methods must be a non-empty array of strings
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": true, "maxConcurrentPasses": 0}]} | maxConcurrentPasses of a must be 1..256, was 0
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": true, "maxConcurrentPasses": "2"}]} | maxConcurrentPasses must be an integer
          {"tokens": [{"sha256": "HASH", "principal": "a", "tenant": ["x"]}, {"sha256": "HASH", "principal": "b", "tenant": ["x"]}]} | tokens[1] of
          {"tokens": [{"sha256": "HASH", "principal": "a"}]}                    | says no tenant, so its holder would read every tenant's rows: give "tenant": ["<key value>", ...] to confine it, or "allTenants": true
          {"tokens": [{"sha256": "HASH", "principal": "a", "methods": ["warehouse.*"]}]} | "allTenants": true to serve it every tenant's rows
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": false}]} | says no tenant
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": "yes"}]} | allTenants must be true or false
          {"tokens": [{"sha256": "HASH", "principal": "a", "allTenants": 1}]}   | allTenants must be true or false
          {"tokens": [{"sha256": "HASH", "principal": "a", "tenant": ["emea"], "allTenants": true}]} | gives both "tenant" and "allTenants": true
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
            ("{\"tokens\": [{\"sha256\": \"%s\", \"principal\": \"a\", \"allTenants\": true},"
                    + " {\"sha256\": \"%s\", \"principal\": \"a\", \"allTenants\": true}]}")
                .formatted(ABC, ABC));

    assertThatThrownBy(() -> Tokens.load(path))
        .hasMessageContaining("tokens[1] of")
        .hasMessageContaining("repeats the hash of an earlier token");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          secret                                            | 6 characters carry about 28 bits
          correct-horse                                     | 13 characters carry about
          aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa  | it uses only 1 distinct character;
          0123456789012345678901234567890123456789012       | it repeats a shorter text
          hunter2hunter2hunter2hunter2hunter2hunter2        | it uses only 7 distinct characters
          hunter2!hunter2!hunter2!hunter2!hunter2!          | it repeats a shorter text
          abababababababababababababababababababab          | it uses only 2 distinct characters
          AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB   | it uses only 2 distinct characters
          """)
  void weakness_weakToken_saysWhyAndHowToMakeOne(String token, String why) {
    assertThat(Tokens.weakness(token))
        .contains("the token is too weak to guard a server (" + why)
        .contains("codemode mcp new-token")
        .doesNotContain(token);
  }

  @ParameterizedTest
  @CsvSource({
    // 32 random hex digits (128 bits), base64url of 32 bytes, a 40-character mixed token.
    "3f9c1a7e5b2d8064c1e9a7f3b5d20486",
    "Zk3vQ9rT_x7LmN2pW8sYb4HcJd6FgA1eQ0uV5oXyRiE",
    "emea-token-0123456789abcdef0123456789abcdef"
  })
  void weakness_strongToken_isNull(String token) {
    assertThat(Tokens.weakness(token)).isNull();
  }

  @Test
  void generate_hundredTokens_eachStrongAndDistinct() {
    Set<String> tokens = new java.util.HashSet<>();
    for (int i = 0; i < 100; i++) {
      String token = Tokens.generate();
      assertThat(token).matches("[A-Za-z0-9_-]{43}");
      assertThat(Tokens.weakness(token)).as(token).isNull();
      tokens.add(token);
    }
    assertThat(tokens).hasSize(100);
  }
}
