// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface EncryptRequestOptions {
  'component_name'?: (string);
  'key_name'?: (string);
  'key_wrap_algorithm'?: (string);
  'data_encryption_cipher'?: (string);
  'omit_decryption_key_name'?: (boolean);
  'decryption_key_name'?: (string);
}

export interface EncryptRequestOptions__Output {
  'component_name': (string);
  'key_name': (string);
  'key_wrap_algorithm': (string);
  'data_encryption_cipher': (string);
  'omit_decryption_key_name': (boolean);
  'decryption_key_name': (string);
}
