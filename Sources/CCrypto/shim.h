#include <openssl/evp.h>
#include <openssl/opensslv.h>

// The SHA-256 method, fetched explicitly on OpenSSL 3 (an implicit fetch on every
// EVP_DigestInit_ex looks the name up again); OpenSSL 1.1 has only the static method.
static inline const EVP_MD *ccrypto_fetch_sha256(void) {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MD *md = EVP_MD_fetch(NULL, "SHA256", NULL);
    return md ? md : EVP_sha256();
#else
    return EVP_sha256();
#endif
}
