// Role: whose an entry of a registry is, the same for algorithms and distance methods.
#pragma once

#include <cstdint>

namespace cdlab {

/// One of cdlab's methods, cdlab's exact reference that the methods are checked against, or another
/// library's (a peer, measured against).
enum class Role : std::uint8_t { Method, Reference, Peer };

inline const char* toString(Role role) {
    switch (role) {
    case Role::Method:
        return "method";
    case Role::Reference:
        return "reference";
    case Role::Peer:
        return "peer";
    }
    return "?";
}

} // namespace cdlab
