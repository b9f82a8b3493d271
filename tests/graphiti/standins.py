"""Local stand-ins for graphiti-core's model clients: subclasses of its own interfaces, no network.

* `OurEmbedder` is graphiti's `EmbedderClient` over one of our embedders, so graphiti's vector
  search compares its query vector with the vectors we stored;
* `NoLLM` is graphiti's `LLMClient` that refuses to be called (reading and bulk saving need none;
  a call would mean graphiti tried to reach a model);
* `KeepOrder` is graphiti's `CrossEncoderClient` that scores passages by their order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from graphiti_core.cross_encoder.client import CrossEncoderClient
from graphiti_core.embedder.client import EmbedderClient
from graphiti_core.llm_client.client import LLMClient
from graphiti_core.llm_client.config import DEFAULT_MAX_TOKENS, ModelSize
from graphiti_core.prompts.models import Message
from pydantic import BaseModel

from service.embedding import Embedder


class OurEmbedder(EmbedderClient):
    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self.calls: list[str] = []

    async def create(
        self, input_data: str | list[str] | Iterable[int] | Iterable[Iterable[int]]
    ) -> list[float]:
        text = input_data if isinstance(input_data, str) else " ".join(map(str, input_data))
        if isinstance(input_data, list) and input_data and isinstance(input_data[0], str):
            text = input_data[0]
        self.calls.append(text)
        return list(self.embedder.embed([text])[0])

    async def create_batch(self, input_data_list: list[str]) -> list[list[float]]:
        self.calls.extend(input_data_list)
        return [list(v) for v in self.embedder.embed(input_data_list)]


class NoLLM(LLMClient):
    def __init__(self) -> None:
        super().__init__(None)

    async def _generate_response(
        self,
        messages: list[Message],
        response_model: type[BaseModel] | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        model_size: ModelSize = ModelSize.medium,
        *,
        model: str | None = None,
    ) -> dict[str, Any]:
        raise AssertionError("graphiti asked a language model; these tests need none")


class KeepOrder(CrossEncoderClient):
    async def rank(self, query: str, passages: list[str]) -> list[tuple[str, float]]:
        return [(p, 1.0 / (rank + 1)) for rank, p in enumerate(passages)]
