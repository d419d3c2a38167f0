package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.plan.Plan;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and checks plans with the host's key: HMAC-SHA256 of {@link Plan#body()} as JSON text.
 * Decided: the JDK's HMAC, no library; the comparison is constant-time.
 */
public final class PlanSigner {

  /** The shortest key accepted: HMAC-SHA256's block of security. */
  public static final int MIN_KEY_BYTES = 32;

  private final SecretKeySpec key;

  public PlanSigner(byte[] key) {
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException(
          "a plan key has at least " + MIN_KEY_BYTES + " bytes, was " + key.length);
    }
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
  }

  /** The hex MAC of {@code plan}'s body (its own {@code mac} is ignored). */
  public String mac(Plan plan) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return HexFormat.of()
          .formatHex(mac.doFinal(plan.body().toString().getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  /** Whether {@code plan} is exactly the plan that was signed. */
  public boolean verify(Plan plan) {
    return MessageDigest.isEqual(
        mac(plan).getBytes(StandardCharsets.US_ASCII),
        plan.mac().getBytes(StandardCharsets.US_ASCII));
  }
}
