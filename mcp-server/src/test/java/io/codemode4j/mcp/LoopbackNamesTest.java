package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which bound addresses keep the Host check: every loopback one, none other. */
class LoopbackNamesTest {

  @ParameterizedTest
  @CsvSource({
    "127.0.0.1, 127.0.0.1",
    "localhost, localhost",
    "::1, [::1]",
    "[::1], [::1]",
    "127.0.0.2, 127.0.0.2",
    "127.255.255.254, 127.255.255.254",
    "0:0:0:0:0:0:0:1, [0:0:0:0:0:0:0:1]"
  })
  void loopbackNames_loopbackHost_checksHostAndAcceptsItsOwnName(String host, String own) {
    assertThat(McpHttpServer.loopbackNames(host)).contains(own, "127.0.0.1", "localhost", "[::1]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.0.0.0", "::", "192.0.2.10", "10.1.2.3", "[2001:db8::1]"})
  void loopbackNames_otherHost_isNotChecked(String host) {
    assertThat(McpHttpServer.loopbackNames(host)).isNull();
  }
}
