"""Conversations, their turns, summary section definitions and the summaries written against them."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class Channel(models.TextChoices):
    VOICE = "voice", "Voice"
    CHAT = "chat", "Chat"


class Role(models.TextChoices):
    AGENT = "agent", "Agent"
    CUSTOMER = "customer", "Customer"
    SYSTEM = "system", "System"
    BOT = "bot", "Bot"


class Agent(models.Model):
    """A human agent, as the contact-center platform identifies them."""

    external_id = models.CharField(max_length=128, unique=True)
    display_name = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["display_name", "external_id"]

    def __str__(self) -> str:
        return self.display_name or self.external_id


class Conversation(models.Model):
    """One call or chat. `(source, external_id)` identifies it, so a re-import changes nothing."""

    source = models.CharField(
        max_length=40, help_text="The importer format, e.g. jsonl or connect."
    )
    external_id = models.CharField(max_length=200)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    language = models.CharField(max_length=20, default="en")
    agent = models.ForeignKey(
        Agent, null=True, blank=True, on_delete=models.PROTECT, related_name="conversations"
    )
    queue = models.CharField(max_length=100, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    content_hash = models.CharField(
        max_length=64, help_text="SHA-256 of the turns; tells a re-import from a changed file."
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["source", "external_id"], name="conversation_unique_source_external_id"
            ),
        ]
        indexes = [
            models.Index(fields=["started_at"], name="conv_started_idx"),
            # On PostgreSQL, migration 0006 adds conv_started_desc_idx (started_at DESC NULLS
            # LAST), the queue's default order; SQLite cannot index NULLS LAST.
            models.Index(fields=["queue", "started_at"], name="conv_queue_started_idx"),
            models.Index(fields=["agent", "started_at"], name="conv_agent_started_idx"),
            models.Index(fields=["channel", "started_at"], name="conv_channel_started_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.source}:{self.external_id}"


class Turn(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="turns")
    index = models.PositiveIntegerField(help_text="0-based position in the conversation.")
    role = models.CharField(max_length=10, choices=Role.choices)
    speaker = models.CharField(max_length=200, blank=True, help_text="The speaker's label or name.")
    text = models.TextField()
    offset_ms = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="Milliseconds from the start of the conversation."
    )

    class Meta:
        ordering = ["conversation", "index"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "index"], name="turn_unique_index"),
        ]

    def __str__(self) -> str:
        return f"{self.conversation_id}#{self.index} {self.role}"


class Origin(models.TextChoices):
    PREDEFINED = "predefined", "Predefined"
    CUSTOM = "custom", "Custom"


class ValueType(models.TextChoices):
    CATEGORICAL = "categorical", "Categorical"
    FREE_TEXT = "free_text", "Free text"


class SectionDefinition(models.Model):
    """One version of a summary section. Editing makes a new version; one version per key is active."""

    key = models.SlugField(max_length=80)
    version = models.PositiveIntegerField(default=1)
    name = models.CharField(max_length=200)
    origin = models.CharField(max_length=12, choices=Origin.choices)
    value_type = models.CharField(max_length=12, choices=ValueType.choices)
    instructions = models.TextField()
    allowed_values = models.JSONField(
        default=list, blank=True, help_text="A categorical section's value codes, in order."
    )
    allowed_value_labels = models.JSONField(
        default=dict, blank=True, help_text="Code -> label, for the codes that have one."
    )
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["key", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["key", "version"], name="section_unique_key_version"),
            models.UniqueConstraint(
                fields=["key"], condition=Q(is_active=True), name="section_one_active_version"
            ),
            models.CheckConstraint(
                condition=Q(origin__in=Origin.values), name="section_origin_valid"
            ),
            models.CheckConstraint(
                condition=Q(value_type__in=ValueType.values), name="section_value_type_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} v{self.version}"

    @property
    def is_categorical(self) -> bool:
        return self.value_type == ValueType.CATEGORICAL


class Summary(models.Model):
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="summaries"
    )
    generator = models.CharField(max_length=100, help_text="What wrote it, e.g. summarizer-v3.")
    content_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "summaries"
        constraints = [
            models.UniqueConstraint(
                fields=["conversation", "generator", "content_hash"], name="summary_unique_content"
            ),
        ]
        indexes = [models.Index(fields=["generator"], name="summary_generator_idx")]

    def __str__(self) -> str:
        return f"{self.conversation} by {self.generator}"


class SummarySection(models.Model):
    summary = models.ForeignKey(Summary, on_delete=models.CASCADE, related_name="sections")
    definition = models.ForeignKey(
        SectionDefinition, on_delete=models.PROTECT, related_name="summary_sections"
    )
    position = models.PositiveSmallIntegerField()
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["summary", "position"]
        constraints = [
            models.UniqueConstraint(fields=["summary", "position"], name="section_unique_position"),
            models.UniqueConstraint(
                fields=["summary", "definition"], name="section_unique_definition"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.summary_id}:{self.definition.key}"


# --- Imports from the browser (/imports/) ---------------------------------------------------------


class ImportBatchStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Importing"
    FINISHED = "finished", "Finished"


class ImportFileStatus(models.TextChoices):
    QUEUED = "queued", "Waiting"
    RUNNING = "running", "Importing"
    # The importer's outcomes (summaries.services.FileOutcome.status):
    IMPORTED = "imported", "Imported"
    UNCHANGED = "unchanged", "Unchanged"
    SKIPPED = "skipped", "Skipped"
    FAILED = "failed", "Failed"


class ImportBatch(models.Model):
    """One upload of one or more files, imported by a worker (summaries.tasks) one file at a
    time, each in its own transaction, as `import_conversations` does."""

    created_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    fmt = models.CharField(max_length=40, help_text="The format chosen, or auto.")
    default_channel = models.CharField(max_length=10, choices=Channel.choices)
    status = models.CharField(
        max_length=12, choices=ImportBatchStatus.choices, default=ImportBatchStatus.QUEUED
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    handed_out_at = models.DateTimeField(
        null=True, blank=True, help_text="When the import sweep last sent it to the workers again."
    )
    uploads_purged_at = models.DateTimeField(
        null=True, blank=True, help_text="When its saved files were deleted (IMPORT_KEEP_DAYS)."
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "import batches"

    def __str__(self) -> str:
        return f"Import {self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == ImportBatchStatus.FINISHED


class ImportFile(models.Model):
    """One uploaded file of a batch: where it was saved, and what the importer made of it."""

    batch = models.ForeignKey(ImportBatch, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=255, help_text="The file's name on the uploader's machine.")
    stored_path = models.CharField(max_length=500, help_text="Under IMPORT_UPLOAD_DIR.")
    size = models.PositiveBigIntegerField()
    status = models.CharField(
        max_length=12, choices=ImportFileStatus.choices, default=ImportFileStatus.QUEUED
    )
    fmt = models.CharField(max_length=40, blank=True, help_text="The format read.")
    conversations = models.PositiveIntegerField(default=0, help_text="In the file.")
    conversations_created = models.PositiveIntegerField(default=0)
    summaries_created = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, help_text="Why it failed, or why it was skipped.")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["batch", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["batch", "position"], name="import_file_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (import {self.batch_id})"

    @property
    def is_done(self) -> bool:
        return self.status not in (ImportFileStatus.QUEUED, ImportFileStatus.RUNNING)
