package io.spate.coordinator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.spate.protocol.error.SpateException;

/**
 * The service's one JSON mapping, shared by the service and its client: responses are read
 * leniently (a newer service may add fields), job requests strictly (a misspelt option is an error,
 * not a silent default). Stateless and thread-safe: Jackson's mapper and readers are immutable once
 * built.
 */
final class ServiceJson {

  /** Reads responses leniently (a newer service may add fields) ... */
  static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  /** ... and requests strictly: a misspelt option is an error, not a silent default. */
  static final ObjectReader REQUEST_READER =
      JSON.readerFor(JobRequest.class).with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ServiceJson() {}

  static String toJson(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new SpateException(
          "cannot encode " + o.getClass().getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }
}
