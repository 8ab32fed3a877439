// The aws-sdk-client-mock matchers (`toReceiveCommandWith`, ...) for every unit test.
import 'aws-sdk-client-mock-vitest/extend';
