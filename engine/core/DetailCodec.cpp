#include "core/DetailCodec.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace cdlab {

namespace {
std::vector<std::unique_ptr<DetailCodec>>& codecs() {
    static std::vector<std::unique_ptr<DetailCodec>> all; // constructed on first registration
    return all;
}
} // namespace

bool registerDetailCodec(DetailCodec codec) {
    for (const auto& c : codecs())
        if (c->name == codec.name || c->type == codec.type)
            throw std::logic_error("detail codec '" + codec.name + "' registered twice");
    codecs().push_back(std::make_unique<DetailCodec>(std::move(codec)));
    return true;
}

std::vector<const DetailCodec*> detailCodecs() {
    std::vector<const DetailCodec*> v;
    for (const auto& c : codecs()) v.push_back(c.get());
    std::sort(v.begin(), v.end(), [](auto* a, auto* b) { return a->name < b->name; });
    return v;
}

const DetailCodec* findDetailCodec(const std::string& name) {
    for (const auto& c : codecs())
        if (c->name == name) return c.get();
    return nullptr;
}

const DetailCodec* findDetailCodec(std::type_index type) {
    for (const auto& c : codecs())
        if (c->type == type) return c.get();
    return nullptr;
}

} // namespace cdlab
