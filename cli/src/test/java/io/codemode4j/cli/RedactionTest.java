package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RedactionTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          sk-live-abcdef123456 | https://api.example/v1                      | bad key sk-live-abcdef123456 sent       | bad key [redacted] sent
          sk-live-abcdef123456 | https://api.example/v1                      | sk-live-abcdef123456sk-live-abcdef123456 | [redacted][redacted]
                               | http://ana:s3cret-pw@10.0.0.1/v1            | cannot reach http://ana:s3cret-pw@10.0.0.1/v1 | cannot reach http://[redacted]@10.0.0.1/v1
                               | http://ana:s3cret-pw@10.0.0.1/v1            | the password s3cret-pw was refused      | the password [redacted] was refused
                               | http://ana:p%40ss-word@10.0.0.1/v1          | refused p@ss-word and p%40ss-word       | refused [redacted] and [redacted]
                               | https://x.example/v1?api-key=q-token-77&v=2 | GET /v1?api-key=q-token-77              | GET /v1?api-key=[redacted]
                               | https://x.example/v1                        | nothing secret here                     | nothing secret here
          abc                  | https://x.example/v1                        | abc is too short to be a secret         | abc is too short to be a secret
          """)
  void text_secretsOfTheConfiguration_areReplacedWherever(
      String key, String baseUrl, String text, String expected) {
    assertThat(Redaction.of(key, baseUrl).text(text)).isEqualTo(expected);
  }

  @Test
  void json_everyStringAndName_isRedactedInACopy() {
    JsonNode json =
        JsonMapper.builder()
            .build()
            .readTree("{\"k-secret-1\":[\"x k-secret-1\",{\"m\":\"k-secret-1\"},3,null]}");

    JsonNode redacted = Redaction.of("k-secret-1", "https://x/v1").json(json);

    assertThat(redacted.toString())
        .isEqualTo("{\"[redacted]\":[\"x [redacted]\",{\"m\":\"[redacted]\"},3,null]}");
    assertThat(json.toString()).contains("k-secret-1");
  }

  @Test
  void shown_baseUrlWithUserInfo_keepsTheHostAndPath() {
    assertThat(Redaction.shown("http://ana:pw-1234@127.0.0.1:8000/v1"))
        .isEqualTo("http://[redacted]@127.0.0.1:8000/v1");
  }
}
