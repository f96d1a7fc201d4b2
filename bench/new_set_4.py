"""The fourth new labelled set of issue 12, written after round 4 of the local judge's rules (which
were developed on cc_dev half A and on the first three new sets), labelled by the rules of
../shared/data/cc/README.md, and measured once.

    .venv/bin/python bench/new_set_4.py      # writes bench/data/cc_new4.jsonl

Unlike sets 1-3 it uses the custom sections of the development data's kind (custom actions with
four instruction sentences, a returned product, a follow-up with a style rule, a call driver,
escalation), and its completeness facts are short paraphrases, as in cc_dev, not quoted turns.
New domains (a vet clinic, a gym, mobile roaming, a courier, home insurance, a car rental, a
Spanish pharmacy, a French internet provider, a Portuguese concert promoter, a dentist, a sofa
delivery, an energy meter reading) and longer conversations. The error classes of the issue
appear in wordings no rule was written for: an offer turned down ("Thursday's no good"), a value
corrected a turn later ("hang on"), a fee waived and a cost not covered, a count bound to the
wrong noun, a place and a colour substituted, a wrong relative date, superseded amounts and dates
in other languages, an amount bound to the wrong bill, a wrong escalation value, an ignored style
rule and descriptive text in a categorical section (adherence); one summary is
clean, and the others hold hard correct points too (paraphrases, relative dates, "4,310").

The lead engineer who wrote it also wrote round 4's rules, so it is not blind in the way a set
written by someone else would be; it was written without running the judge on any of it, and
without looking at what the rules would make of each sentence.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import new_set
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new4.jsonl"

# The custom sections of the kind cc_dev uses, added to the definitions `conversation` reads.
CUSTOM_ACTIONS: dict[str, Any] = {
    "key": "custom_actions",
    "name": "Custom actions",
    "origin": "custom",
    "value_type": "free_text",
    "instructions": "Describe the specific actions the agent took to assist the customer with their issue or request. Identify any dates explicitly mentioned by the agent or the customer. Extract the customer's order number and include it in the summary. Describe any updates the agent made, such as price, address, or order updates.",
    "allowed_values": [],
}
RETURNED_PRODUCT: dict[str, Any] = {
    "key": "returned_product",
    "name": "Returned product",
    "origin": "custom",
    "value_type": "free_text",
    "instructions": "State the product name being returned, including brand and model. Include the reason the customer gave for returning it.",
    "allowed_values": [],
}
CALL_DRIVER: dict[str, Any] = {
    "key": "call_driver",
    "name": "Call driver",
    "origin": "custom",
    "value_type": "categorical",
    "instructions": "Classify the primary reason the customer contacted us. Return exactly one of the allowed values: Billing, Technical support, Cancellation, Returns, Appointment, Other.",
    "allowed_values": [
        "Billing",
        "Technical support",
        "Cancellation",
        "Returns",
        "Appointment",
        "Other",
    ],
}
FOLLOW_UP: dict[str, Any] = {
    "key": "follow_up",
    "name": "Follow-up",
    "origin": "custom",
    "value_type": "free_text",
    "instructions": "List any follow-up the agent promised, with its date. Use 'representative' in place of 'agent'.",
    "allowed_values": [],
}
ESCALATED: dict[str, Any] = {
    "key": "escalated",
    "name": "Escalated",
    "origin": "custom",
    "value_type": "categorical",
    "instructions": "Indicate whether the conversation was escalated to a supervisor or another team. Return Yes or No.",
    "allowed_values": ["Yes", "No"],
}
for _definition in (CUSTOM_ACTIONS, RETURNED_PRODUCT, CALL_DRIVER, FOLLOW_UP, ESCALATED):
    new_set.DEFINITIONS[_definition["key"]] = _definition
new_set.SENTENCES.update(
    {
        "custom_actions": [
            "Describe the specific actions the agent took to assist the customer with their issue or request.",
            "Identify any dates explicitly mentioned by the agent or the customer.",
            "Extract the customer's order number and include it in the summary.",
            "Describe any updates the agent made, such as price, address, or order updates.",
        ],
        "returned_product": [
            "State the product name being returned, including brand and model.",
            "Include the reason the customer gave for returning it.",
        ],
        "follow_up": [
            "List any follow-up the agent promised, with its date.",
            "Use 'representative' in place of 'agent'.",
        ],
    }
)

ROWS: list[dict] = []

# 1. Vet clinic: a Thursday slot offered and turned down, a fee corrected a turn later,
# "the evening before" the Friday.
ROWS.append(
    conversation(
        "new4-001",
        "voice",
        "scheduling",
        "2026-02-10T15:05:00Z",
        "Priya",
        [
            ("agent", "Oakbridge Veterinary, Priya speaking, how can I help?"),
            (
                "customer",
                "Hi, my cat Miso is due her yearly booster and I'd like to get her in this week.",
            ),
            ("agent", "Sure. Can I take the surname on the file?"),
            ("customer", "It's Halloran, H-A-L-L-O-R-A-N."),
            (
                "agent",
                "Thanks, I've got Miso here. I have Thursday the 12th at 3:15 in the afternoon with Dr. Essien.",
            ),
            ("customer", "Thursday's no good, I'm at work until six. Anything on Friday?"),
            ("agent", "Friday the 13th at 9:40 AM with Dr. Lindqvist is free."),
            ("customer", "Perfect, I'll take that."),
            ("agent", "Booked. The booster is $68 and that includes the health check."),
            ("agent", "Hang on, that's last year's price list. It's $74 since January."),
            ("customer", "That's fine."),
            (
                "agent",
                "We'll send you a text reminder the evening before, and please bring her in a carrier.",
            ),
            ("customer", "Will do, thanks Priya."),
        ],
        {
            "situation": "The customer called to book Miso's yearly booster vaccination this week.",
            "custom_actions": "The agent booked Miso for Thursday, February 12 at 3:15 PM with Dr. Essien. The booster costs $68 including the health check.",
            "follow_up": "The agent's clinic will send a text reminder on February 12 in the evening.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer called to book Miso's yearly booster vaccination this week.",
                True,
                "Turn 1.",
            ),
            (
                "custom_actions",
                "The agent booked Miso for Thursday, February 12 at 3:15 PM with Dr. Essien.",
                False,
                "Thursday was offered and turned down; the booking is Friday the 13th at 9:40 AM with Dr. Lindqvist.",
            ),
            (
                "custom_actions",
                "The booster costs $68 including the health check.",
                False,
                "The agent corrected the price to $74.",
            ),
            (
                "follow_up",
                "The agent's clinic will send a text reminder on February 12 in the evening.",
                True,
                "The evening before Friday the 13th.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The booster is booked."),
        ],
        {"custom_actions": [True, True, True, True], "follow_up": [True, False]},
        {
            "situation": [
                [("Miso is due her yearly booster; the customer wants her seen this week", True)]
            ],
            "custom_actions": [
                [
                    ("Booked Miso for Friday at 9:40 AM with Dr. Lindqvist", False),
                    ("Quoted the booster at $74 including the health check", False),
                ],
                [("Friday the 13th (February 13)", False), ("Thursday the 12th offered", False)],
                [],
                [("Booster price corrected from $68 to $74", False)],
            ],
            "follow_up": [[("Text reminder the evening before the appointment", True)], []],
        },
    )
)

# 2. Gym: a freeze in place of a cancellation, the freeze fee waived.
ROWS.append(
    conversation(
        "new4-002",
        "chat",
        "retention",
        "2026-02-23T18:30:00Z",
        "Tomasz",
        [
            ("customer", "Hi, I want to cancel my membership, number GF-77310."),
            (
                "agent",
                "Hi, Tomasz here at Ironline Gyms. Sorry to hear that. Can I ask what's changed?",
            ),
            (
                "customer",
                "I'm having knee surgery next month and won't be able to train for a good while.",
            ),
            (
                "agent",
                "I'm sorry about the knee. Rather than cancelling, you could freeze the membership for up to three months, so you keep your current rate of $39 a month.",
            ),
            ("customer", "Does freezing cost anything?"),
            (
                "agent",
                "Usually it's $10 a month while frozen, but with a medical note I can waive that.",
            ),
            ("customer", "I can send the surgeon's letter. OK, let's freeze it then."),
            (
                "agent",
                "Done: the membership is frozen from March 1 to May 31 at no charge, and it restarts at $39 on June 1.",
            ),
            ("agent", "Please email the letter to care@ironline.example within 14 days."),
            ("customer", "Will do. Thanks for being flexible."),
        ],
        {
            "reason_for_cancellation": "The customer is having knee surgery next month and will not be able to train.",
            "action": "Instead of cancelling, the agent froze the membership from March 1 to May 31. The agent charged the $10 monthly freeze fee. The membership restarts at $39 a month on June 1.",
            "customer_satisfaction": "N",
            "escalated": "No",
        },
        [
            (
                "reason_for_cancellation",
                "The customer is having knee surgery next month and will not be able to train.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "Instead of cancelling, the agent froze the membership from March 1 to May 31.",
                True,
                "Turns 3 and 7.",
            ),
            (
                "action",
                "The agent charged the $10 monthly freeze fee.",
                False,
                "The agent waived the fee with a medical note: 'at no charge'.",
            ),
            (
                "action",
                "The membership restarts at $39 a month on June 1.",
                True,
                "Turn 7.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Thanks for being flexible.'",
            ),
            ("escalated", "Escalated: No", True, "Handled by the agent."),
        ],
        {"escalated": [True]},
        {
            "reason_for_cancellation": [
                [("Knee surgery next month; cannot train for a while", True)]
            ],
            "action": [
                [
                    ("Offered a freeze of up to three months at the current $39 rate", True),
                    ("Waived the $10 monthly freeze fee with a medical note", False),
                    ("Froze the membership from March 1 to May 31, restarting June 1", True),
                    ("Asked for the surgeon's letter by email within 14 days", False),
                ]
            ],
        },
    )
)

# 3. Mobile roaming: a partial goodwill credit, not a full refund; dates of the charges.
ROWS.append(
    conversation(
        "new4-003",
        "voice",
        "billing",
        "2026-03-16T11:10:00Z",
        "Gemma",
        [
            ("agent", "Kestrel Mobile billing, Gemma speaking."),
            (
                "customer",
                "Hello. My bill has £42.50 of roaming charges from my trip to Spain, but I bought the Euro pass before I left.",
            ),
            ("agent", "Let me check the account. Can you confirm the number ending?"),
            ("customer", "It ends 4471."),
            (
                "agent",
                "Thanks. The Euro pass was bought on the 2nd but it only started on the 4th, because it starts at the next billing day. The charges are from the 2nd and the 3rd.",
            ),
            ("customer", "Nobody told me that when I bought it."),
            (
                "agent",
                "I understand. I can't refund the whole amount, but I've put a £30 goodwill credit on the account.",
            ),
            ("customer", "Well, it's better than nothing."),
            ("agent", "It will show on your April bill. Is there anything else?"),
            ("customer", "No, that's it."),
        ],
        {
            "situation": "The customer disputed £42.50 of roaming charges from a trip to Spain although they had bought the Euro pass.",
            "action": "The agent explained the Euro pass started on the 4th, so the charges are from the 3rd and 4th. The agent refunded the full £42.50.",
            "resolution": "P",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer disputed £42.50 of roaming charges from a trip to Spain although they had bought the Euro pass.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent explained the Euro pass started on the 4th.",
                True,
                "Turn 4.",
            ),
            (
                "action",
                "The charges are from the 3rd and 4th.",
                False,
                "The charges are from the 2nd and the 3rd.",
            ),
            (
                "action",
                "The agent refunded the full £42.50.",
                False,
                "The agent could not refund the whole amount and gave a £30 goodwill credit.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "Part of the charges credited.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Better than nothing': neutral.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("£42.50 roaming charges from a trip to Spain", True),
                    ("The Euro pass was bought before the trip", True),
                ]
            ],
            "action": [
                [
                    ("Explained the pass started on the 4th, the next billing day", True),
                    ("Charges were from the 2nd and 3rd", False),
                    ("Added a £30 goodwill credit, shown on the April bill", False),
                ]
            ],
        },
    )
)

# 4. Courier: three lamps ordered, two boxes arrived; a claim passed to another team.
ROWS.append(
    conversation(
        "new4-004",
        "chat",
        "returns",
        "2026-04-07T09:45:00Z",
        "Rafael",
        [
            (
                "customer",
                "Hi, my order LM-58204 was three floor lamps, but only two boxes turned up yesterday.",
            ),
            ("agent", "Hi, I'm Rafael from Swiftlane Couriers. Let me look at the tracking."),
            (
                "agent",
                "The consignment was sent as three parcels. Two were delivered at 2:12 PM; the third was last scanned at our Leeds depot on Friday.",
            ),
            ("customer", "So where is it?"),
            (
                "agent",
                "It hasn't moved since Friday, so I'm opening a missing-parcel claim with our investigations team. They reply within 2 working days.",
            ),
            ("customer", "And if it's lost?"),
            (
                "agent",
                "Then the sender sends a replacement lamp at no cost to you. Your claim reference is SW-CLM-9131.",
            ),
            ("customer", "OK, thanks."),
        ],
        {
            "situation": "The customer's order LM-58204 of three floor lamps arrived with 2 lamps missing.",
            "custom_actions": "The agent checked the tracking and opened a missing-parcel claim SW-CLM-9131 with the investigations team. The third parcel was last scanned at the Leeds depot on Friday, April 3. Order LM-58204.",
            "escalated": "No",
        },
        [
            (
                "situation",
                "The customer's order LM-58204 of three floor lamps arrived with 2 lamps missing.",
                False,
                "Two boxes arrived; one lamp is missing.",
            ),
            (
                "custom_actions",
                "The agent checked the tracking and opened a missing-parcel claim SW-CLM-9131 with the investigations team.",
                True,
                "Turns 2, 4 and 6.",
            ),
            (
                "custom_actions",
                "The third parcel was last scanned at the Leeds depot on Friday, April 3.",
                True,
                "Friday before Tuesday April 7 is April 3.",
            ),
            ("custom_actions", "Order LM-58204.", True, "Turn 0."),
            (
                "escalated",
                "Escalated: No",
                False,
                "The claim was passed to the investigations team.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "escalated": [True]},
        {
            "situation": [[("Ordered three floor lamps; only two boxes arrived yesterday", False)]],
            "custom_actions": [
                [
                    (
                        "Checked the tracking: two parcels delivered, the third at the Leeds depot",
                        True,
                    ),
                    (
                        "Opened a missing-parcel claim with investigations, reply within 2 working days",
                        True,
                    ),
                    ("Claim reference SW-CLM-9131", True),
                    ("A replacement lamp is sent at no cost if the parcel is lost", False),
                ],
                [
                    ("Delivered yesterday (April 6)", False),
                    ("Last scanned on Friday (April 3)", True),
                ],
                [("Order LM-58204", True)],
                [],
            ],
        },
    )
)

# 5. Home insurance: the floor covered, the rug not; the excess; an adjuster visit next week.
ROWS.append(
    conversation(
        "new4-005",
        "voice",
        "billing",
        "2026-05-19T13:20:00Z",
        "Colm",
        [
            ("agent", "Harbour Home Insurance claims, Colm here."),
            (
                "customer",
                "Hi, a pipe burst under my kitchen sink on Sunday and soaked the kitchen floor and a wool rug. Policy HH-204418.",
            ),
            ("agent", "I'm sorry. Is the leak stopped now?"),
            ("customer", "Yes, a plumber fixed it Monday morning."),
            (
                "agent",
                "Good. Looking at your policy, the kitchen floor is covered as escape of water. The rug is not covered, as contents cover isn't on this policy.",
            ),
            ("customer", "That's annoying. What do I pay?"),
            (
                "agent",
                "There's a £250 excess on the claim. I've opened claim C-88412 and booked a loss adjuster for Wednesday the 27th between 10 and 2.",
            ),
            ("customer", "OK. Should I keep the plumber's invoice?"),
            ("agent", "Yes, please upload it to the claim page before the visit."),
            ("customer", "Fine, thanks."),
        ],
        {
            "situation": "A burst pipe under the kitchen sink on Sunday, May 17 damaged the customer's kitchen floor and a wool rug.",
            "action": "The agent confirmed the kitchen floor and the rug are covered. The customer pays a £250 excess. The agent opened claim C-88412 and booked a loss adjuster for Wednesday, May 27 between 10 and 2.",
            "follow_up": "The loss adjuster visits on May 27 between 10 and 2; the customer uploads the plumber's invoice before then.",
        },
        [
            (
                "situation",
                "A burst pipe under the kitchen sink on Sunday, May 17 damaged the customer's kitchen floor and a wool rug.",
                True,
                "Sunday before Tuesday May 19.",
            ),
            (
                "action",
                "The agent confirmed the kitchen floor and the rug are covered.",
                False,
                "The rug is not covered.",
            ),
            ("action", "The customer pays a £250 excess.", True, "Turn 6."),
            (
                "action",
                "The agent opened claim C-88412 and booked a loss adjuster for Wednesday, May 27 between 10 and 2.",
                True,
                "Turn 6: Wednesday the 27th (of May).",
            ),
            (
                "follow_up",
                "The loss adjuster visits on May 27 between 10 and 2; the customer uploads the plumber's invoice before then.",
                True,
                "Turns 6 and 8.",
            ),
        ],
        {"follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Pipe burst under the kitchen sink on Sunday", True),
                    ("Kitchen floor and a wool rug soaked", True),
                    ("Plumber fixed it Monday morning", False),
                ]
            ],
            "action": [
                [
                    ("Kitchen floor covered as escape of water", True),
                    ("Rug not covered: no contents cover", False),
                    ("£250 excess", True),
                    ("Opened claim C-88412", True),
                    ("Booked a loss adjuster for Wednesday the 27th between 10 and 2", True),
                ]
            ],
            "follow_up": [
                [
                    ("Loss adjuster visit on Wednesday the 27th between 10 and 2", True),
                    ("Upload the plumber's invoice before the visit", True),
                ],
                [],
            ],
        },
    )
)

# 6. Car rental: the pick-up moved to another airport; an upgrade turned down.
ROWS.append(
    conversation(
        "new4-006",
        "chat",
        "scheduling",
        "2026-06-02T08:15:00Z",
        "Ines",
        [
            (
                "customer",
                "Hello, booking RX-30581. I'm picking up a compact at Heathrow Terminal 5 on the 9th, but my flight now lands at Gatwick North.",
            ),
            ("agent", "Hi, Ines from Rovelo Car Hire. Let me see what Gatwick has."),
            (
                "agent",
                "Gatwick North has a compact for the 9th from 11:00. The price goes from €212 to €226 for the week because of the airport fee.",
            ),
            ("customer", "OK, that's fine."),
            (
                "agent",
                "I could also put you in an SUV for €15 more a day, if you need the space.",
            ),
            ("customer", "I'll stick with the compact, thanks."),
            (
                "agent",
                "Done: the pick-up is now Gatwick North on June 9 from 11:00, compact, €226. The confirmation email is on its way.",
            ),
            ("customer", "Great."),
        ],
        {
            "situation": "The customer's flight now lands at Gatwick North instead of Heathrow Terminal 5, so booking RX-30581's pick-up on June 9 needed to move.",
            "custom_actions": "The agent moved the pick-up to Heathrow Terminal 5 on June 9 from 11:00. The agent upgraded the customer to an SUV for €15 a day. The price changed from €212 to €226 for the week. Booking RX-30581.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer's flight now lands at Gatwick North instead of Heathrow Terminal 5, so booking RX-30581's pick-up on June 9 needed to move.",
                True,
                "Turn 0.",
            ),
            (
                "custom_actions",
                "The agent moved the pick-up to Heathrow Terminal 5 on June 9 from 11:00.",
                False,
                "The pick-up moved to Gatwick North; Heathrow was the old one.",
            ),
            (
                "custom_actions",
                "The agent upgraded the customer to an SUV for €15 a day.",
                False,
                "The customer declined the SUV.",
            ),
            (
                "custom_actions",
                "The price changed from €212 to €226 for the week.",
                True,
                "Turn 2.",
            ),
            ("custom_actions", "Booking RX-30581.", True, "Turn 0."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Pick-up moved."),
        ],
        {"custom_actions": [True, True, True, True]},
        {
            "situation": [
                [
                    ("Pick-up of a compact at Heathrow Terminal 5 on the 9th", True),
                    ("Flight now lands at Gatwick North", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Moved the pick-up to Gatwick North, June 9 from 11:00", False),
                    ("Offered an SUV for €15 more a day, declined", False),
                    ("Sent a confirmation email", False),
                ],
                [("June 9 (the 9th)", True)],
                [("Booking RX-30581", True)],
                [("Price from €212 to €226 for the week, airport fee", True)],
            ],
        },
    )
)

# 7. Spanish pharmacy: a refill ready the day after tomorrow, a price with a decimal comma.
ROWS.append(
    conversation(
        "new4-007",
        "voice",
        "scheduling",
        "2026-03-03T10:00:00Z",
        "Lucía",
        [
            ("agent", "Farmacia Alameda, le atiende Lucía."),
            (
                "customer",
                "Buenos días. Quería renovar mi receta de omeprazol de 20 miligramos, la receta electrónica es la RE-66120.",
            ),
            ("agent", "Un momento, que lo compruebo en el sistema."),
            (
                "agent",
                "La receta está activa. No tenemos existencias hoy, pero lo pedimos y estará listo pasado mañana a partir de las cinco de la tarde.",
            ),
            ("customer", "¿Y cuánto me costará?"),
            ("agent", "Con su aportación son 8,40 euros."),
            ("customer", "Perfecto, pasaré por la tarde."),
            ("agent", "Muy bien, le guardamos la caja a su nombre."),
            ("customer", "Gracias, hasta luego."),
        ],
        {
            "situation": "El cliente quería renovar su receta de omeprazol de 20 mg (receta RE-66120).",
            "action": "La agente comprobó que la receta estaba activa y pidió el medicamento, que estará listo el 4 de marzo a partir de las 17:00. El precio es de 8,40 euros.",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "El cliente quería renovar su receta de omeprazol de 20 mg (receta RE-66120).",
                True,
                "Turno 1.",
            ),
            (
                "action",
                "La agente comprobó que la receta estaba activa y pidió el medicamento.",
                True,
                "Turno 3.",
            ),
            (
                "action",
                "Estará listo el 4 de marzo a partir de las 17:00.",
                False,
                "Pasado mañana desde el 3 de marzo es el 5 de marzo.",
            ),
            ("action", "El precio es de 8,40 euros.", True, "Turno 5."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Pedido y reservado."),
        ],
        {},
        {
            "situation": [[("Renovar la receta de omeprazol 20 mg, RE-66120", True)]],
            "action": [
                [
                    ("Comprobó que la receta está activa", True),
                    ("Lo pidió; listo pasado mañana desde las 17:00", False),
                    ("Precio 8,40 euros", True),
                    ("Guarda la caja a su nombre", False),
                ]
            ],
        },
        language="es",
    )
)

# 8. French internet provider: a technician's date corrected in the next sentence.
ROWS.append(
    conversation(
        "new4-008",
        "chat",
        "tech",
        "2026-05-11T16:40:00Z",
        "Camille",
        [
            (
                "customer",
                "Bonjour, ma box ne capte plus la fibre depuis samedi, le voyant est rouge.",
            ),
            ("agent", "Bonjour, Camille du support Lumenet. Avez-vous redémarré la box ?"),
            ("customer", "Oui, deux fois, et j'ai vérifié le câble."),
            (
                "agent",
                "Le test à distance ne voit aucun signal sur votre ligne. Il faut envoyer un technicien.",
            ),
            (
                "agent",
                "Je vous propose le mercredi 13 mai entre 8h et 12h. Pardon, je me suis trompée de ligne : c'est le jeudi 14 mai entre 8h et 12h.",
            ),
            ("customer", "Jeudi ça me va."),
            (
                "agent",
                "C'est réservé, rendez-vous RDV-40713. Vous recevrez un SMS la veille.",
            ),
            ("customer", "Merci."),
        ],
        {
            "situation": "La box du client ne capte plus la fibre depuis samedi, voyant rouge.",
            "action": "L'agent a fait un test à distance sans signal et a réservé un technicien le mercredi 13 mai entre 8h et 12h, rendez-vous RDV-40713.",
            "follow_up": "Un SMS sera envoyé le 13 mai.",
        },
        [
            (
                "situation",
                "La box du client ne capte plus la fibre depuis samedi, voyant rouge.",
                True,
                "Tour 0.",
            ),
            (
                "action",
                "L'agent a fait un test à distance sans signal.",
                True,
                "Tour 3.",
            ),
            (
                "action",
                "L'agent a réservé un technicien le mercredi 13 mai entre 8h et 12h, rendez-vous RDV-40713.",
                False,
                "La date a été corrigée : jeudi 14 mai.",
            ),
            (
                "follow_up",
                "Un SMS sera envoyé le 13 mai.",
                True,
                "La veille du 14 mai.",
            ),
        ],
        {"follow_up": [True, True]},
        {
            "situation": [[("Plus de fibre depuis samedi, voyant rouge", True)]],
            "action": [
                [
                    ("Test à distance : aucun signal", True),
                    ("Technicien le jeudi 14 mai entre 8h et 12h", False),
                    ("Rendez-vous RDV-40713", True),
                ]
            ],
            "follow_up": [[("SMS la veille du rendez-vous", True)], []],
        },
        language="fr",
    )
)

# 9. Portuguese concert promoter: a cancelled show, two tickets refunded.
ROWS.append(
    conversation(
        "new4-009",
        "chat",
        "billing",
        "2026-09-08T20:05:00Z",
        "João",
        [
            (
                "customer",
                "Boa noite, o concerto de sábado no Coliseu foi cancelado. Comprei dois bilhetes, encomenda BT-71902.",
            ),
            ("agent", "Boa noite, fala o João da Palco Bilhetes. Lamento o cancelamento."),
            (
                "agent",
                "Confirmo dois bilhetes de 45 euros. Já fiz o reembolso de 90 euros para o cartão terminado em 3318.",
            ),
            ("customer", "Quanto tempo demora?"),
            ("agent", "Entre 5 e 7 dias úteis, conforme o banco."),
            ("customer", "E a taxa de serviço?"),
            ("agent", "A taxa de serviço de 4 euros também foi devolvida."),
            ("customer", "Ótimo, obrigado."),
        ],
        {
            "situation": "O concerto de sábado no Coliseu foi cancelado; o cliente tinha a encomenda BT-71902.",
            "action": "O agente reembolsou 3 bilhetes de 45 euros, 90 euros no cartão terminado em 3318. A taxa de serviço de 4 euros também foi devolvida.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "O concerto de sábado no Coliseu foi cancelado; o cliente tinha a encomenda BT-71902.",
                True,
                "Turno 0.",
            ),
            (
                "action",
                "O agente reembolsou 3 bilhetes de 45 euros, 90 euros no cartão terminado em 3318.",
                False,
                "Eram dois bilhetes.",
            ),
            (
                "action",
                "A taxa de serviço de 4 euros também foi devolvida.",
                True,
                "Turno 6.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Reembolso feito."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Ótimo, obrigado.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Concerto de sábado no Coliseu cancelado", True),
                    ("Encomenda BT-71902", True),
                    ("Dois bilhetes comprados", False),
                ]
            ],
            "action": [
                [
                    ("Reembolso de 90 euros no cartão terminado em 3318", True),
                    ("Prazo de 5 a 7 dias úteis", False),
                    ("Taxa de serviço de 4 euros devolvida", True),
                ]
            ],
        },
        language="pt",
    )
)

# 10. Dentist: clean; paraphrases, a weekday and "this afternoon".
ROWS.append(
    conversation(
        "new4-010",
        "voice",
        "scheduling",
        "2026-10-06T09:30:00Z",
        "Hannah",
        [
            ("agent", "Brightsmile Dental, Hannah speaking."),
            (
                "customer",
                "Hi, a filling came out last night while I was eating, and there's a sharp edge cutting my tongue.",
            ),
            ("agent", "Oh no. Is it painful, or just the sharp edge?"),
            ("customer", "Mostly the edge, it's sore but I can manage."),
            (
                "agent",
                "We keep emergency slots for this. Dr. Osei can see you this afternoon at 4:20, would that suit you?",
            ),
            ("customer", "Yes, I can get there by then."),
            (
                "agent",
                "Lovely, you're booked. An emergency visit is £45, and any repair is quoted on the day before we start.",
            ),
            ("customer", "OK, thanks."),
            (
                "agent",
                "In the meantime, some sugar-free gum over the edge can protect your tongue.",
            ),
            ("customer", "Good tip. See you at 4:20."),
        ],
        {
            "situation": "A filling fell out last night and its sharp edge is cutting the customer's tongue.",
            "action": "The agent booked an emergency appointment with Dr. Osei on October 6 at 4:20 PM. The visit costs £45, and any repair will be quoted before work starts. The agent suggested covering the edge with sugar-free gum.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "A filling fell out last night and its sharp edge is cutting the customer's tongue.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent booked an emergency appointment with Dr. Osei on October 6 at 4:20 PM.",
                True,
                "This afternoon at 4:20 on October 6.",
            ),
            ("action", "The visit costs £45.", True, "Turn 6."),
            (
                "action",
                "Any repair will be quoted before work starts.",
                True,
                "Turn 6.",
            ),
            (
                "action",
                "The agent suggested covering the edge with sugar-free gum.",
                True,
                "Turn 8.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Seen today."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Good tip.'",
            ),
        ],
        {},
        {
            "situation": [[("Filling came out last night; sharp edge cutting the tongue", True)]],
            "action": [
                [
                    ("Booked an emergency slot with Dr. Osei this afternoon at 4:20", True),
                    ("Emergency visit £45; repair quoted on the day", True),
                    ("Suggested sugar-free gum over the edge", True),
                ]
            ],
        },
    )
)

# 11. Sofa delivery: a torn cushion; the colour substituted; a replacement part, not a return.
ROWS.append(
    conversation(
        "new4-011",
        "chat",
        "returns",
        "2026-07-14T12:00:00Z",
        "Marcus",
        [
            (
                "customer",
                "Hi, my Harlow 3-seater sofa in slate grey arrived on Saturday and one seat cushion has a torn seam. Order FN-20931.",
            ),
            ("agent", "Hi, Marcus at Fernhouse. I'm sorry about that. Could you send a photo?"),
            ("customer", "Sent. I nearly ordered the charcoal one, glad I didn't given this!"),
            (
                "agent",
                "Thanks, I can see the seam. Would you like to return the whole sofa, or shall I send a replacement cushion?",
            ),
            ("customer", "Just the cushion, the rest is fine."),
            (
                "agent",
                "I've ordered a replacement slate grey seat cushion. It arrives within 10 working days and you can keep the torn one.",
            ),
            (
                "agent",
                "I've also refunded £25 to your card for the trouble.",
            ),
            ("customer", "That's good of you, thanks."),
        ],
        {
            "returned_product": "Fernhouse Harlow 3-seater sofa in charcoal. One seat cushion arrived with a torn seam.",
            "custom_actions": "The agent ordered a replacement seat cushion, arriving within 10 working days, and refunded £25. The sofa arrived on Saturday. Order FN-20931.",
            "call_driver": "Returns - damaged cushion",
            "escalated": "No",
        },
        [
            (
                "returned_product",
                "Fernhouse Harlow 3-seater sofa in charcoal.",
                False,
                "The sofa is slate grey; charcoal is the one the customer did not order.",
            ),
            (
                "returned_product",
                "One seat cushion arrived with a torn seam.",
                True,
                "Turn 0.",
            ),
            (
                "custom_actions",
                "The agent ordered a replacement seat cushion, arriving within 10 working days, and refunded £25.",
                True,
                "Turns 5 and 6.",
            ),
            ("custom_actions", "The sofa arrived on Saturday.", True, "Turn 0."),
            ("custom_actions", "Order FN-20931.", True, "Turn 0."),
            (
                "call_driver",
                "Call driver: Returns (damaged cushion)",
                True,
                "A damaged item; the value is right, the added text breaks the form (adherence).",
            ),
            ("escalated", "Escalated: No", True, "Handled by the agent."),
        ],
        {
            "returned_product": [True, True],
            "custom_actions": [True, True, True, True],
            "call_driver": [False],
            "escalated": [True],
        },
        {
            "returned_product": [
                [("Fernhouse Harlow 3-seater sofa in slate grey", False)],
                [("One seat cushion has a torn seam", True)],
            ],
            "custom_actions": [
                [
                    ("Ordered a replacement slate grey seat cushion, within 10 working days", True),
                    ("The customer keeps the torn cushion", False),
                    ("Refunded £25 to the card", True),
                ],
                [("Arrived on Saturday", True)],
                [("Order FN-20931", True)],
                [],
            ],
        },
    )
)

# 12. Energy meter: an estimated reading replaced by the customer's; the old bill's amount.
ROWS.append(
    conversation(
        "new4-012",
        "voice",
        "billing",
        "2026-11-24T14:50:00Z",
        "Aisha",
        [
            ("agent", "Vireo Energy, Aisha speaking."),
            (
                "customer",
                "Hi, my electricity bill is £164.90, which is way higher than usual. Account 55-209-118.",
            ),
            ("agent", "Let me look. The bill used an estimated reading of 4,310 kilowatt hours."),
            ("customer", "The meter says 3,962. I took a photo this morning."),
            (
                "agent",
                "Thanks, I've entered 3,962 and re-billed the period. Your new bill is £118.40, and the old one is cancelled.",
            ),
            ("customer", "Much better. Will it happen again?"),
            (
                "agent",
                "If you send a reading on the 1st of each month, we won't estimate. I've set up a monthly reminder email.",
            ),
            ("customer", "Great, thanks Aisha."),
        ],
        {
            "situation": "The customer's electricity bill of £164.90 was much higher than usual, on account 55-209-118.",
            "action": "The bill had used an estimated reading of 4,310 kWh. The agent entered the customer's reading of 3,962 and re-billed the period; the new bill is £164.90. The agent set up a monthly reminder email.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer's electricity bill of £164.90 was much higher than usual, on account 55-209-118.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The bill had used an estimated reading of 4,310 kWh.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The agent entered the customer's reading of 3,962 and re-billed the period; the new bill is £164.90.",
                False,
                "The new bill is £118.40; £164.90 was the old one.",
            ),
            (
                "action",
                "The agent set up a monthly reminder email.",
                True,
                "Turn 6.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Re-billed."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Great, thanks.'",
            ),
        ],
        {},
        {
            "situation": [[("Bill of £164.90, higher than usual; account 55-209-118", True)]],
            "action": [
                [
                    ("The bill used an estimated reading of 4,310 kWh", True),
                    ("Entered the actual reading 3,962 and re-billed", True),
                    ("New bill £118.40, old one cancelled", False),
                    ("Monthly reminder email set up", True),
                ]
            ],
        },
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
