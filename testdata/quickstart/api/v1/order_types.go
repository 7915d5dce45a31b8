package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Size of a drink.
// +enum
type Size string

const (
	// SizeSmall is 250 ml.
	SizeSmall Size = "Small"
	// SizeMedium is 350 ml.
	SizeMedium Size = "Medium"
	// SizeLarge is 500 ml.
	SizeLarge Size = "Large"
)

// Topping goes on top of a drink.
// +enum
type Topping string

const (
	ToppingCream Topping = "Cream"
	ToppingFoam  Topping = "Foam"
	ToppingSyrup Topping = "Syrup"
)

// Speed of a courier.
// +enum
type Speed string

const (
	SpeedStandard Speed = "Standard"
	SpeedExpress  Speed = "Express"
)

// Phase of an order.
// +enum
type Phase string

const (
	PhasePending   Phase = "Pending"
	PhaseBrewing   Phase = "Brewing"
	PhaseDelivered Phase = "Delivered"
)

// OrderSpec defines the desired state of Order.
type OrderSpec struct {
	// Size of the drink.
	Size Size `json:"size"`

	// Toppings, in the order they are added.
	// +optional
	Toppings []Topping `json:"toppings,omitempty"`

	// Items are further drinks of the order.
	// +optional
	Items []Item `json:"items,omitempty"`

	// Payment says how the order is paid.
	Payment Payment `json:"payment"`

	// Delivery says how the order reaches the customer.
	// +optional
	Delivery *Delivery `json:"delivery,omitempty"`
}

// Item is one more drink.
type Item struct {
	// Size of the drink.
	Size Size `json:"size"`

	// Count of drinks of this size.
	Count int32 `json:"count"`
}

// PaymentMethod names the member of Payment that is set; Cash has none.
// +enum
type PaymentMethod string

const (
	PaymentCard    PaymentMethod = "Card"
	PaymentVoucher PaymentMethod = "Voucher"
	PaymentCash    PaymentMethod = "Cash"
)

// Payment is paid in exactly one way (a KEP-1027 union).
type Payment struct {
	// Method names the member that is set.
	// +unionDiscriminator
	// +required
	Method PaymentMethod `json:"method"`
	// Card pays by card.
	// +unionMember
	// +optional
	Card *CardPayment `json:"card,omitempty"`
	// Voucher pays with a voucher code.
	// +unionMember
	// +optional
	Voucher *string `json:"voucher,omitempty"`
}

// CardPayment is a card payment.
type CardPayment struct {
	// Token identifies the card.
	Token string `json:"token"`
}

// Delivery is either a pickup or a courier (a declarative-validation union).
type Delivery struct {
	// Pickup at a counter.
	// +optional
	// +k8s:unionMember
	Pickup *Pickup `json:"pickup,omitempty"`

	// Courier brings the order.
	// +optional
	// +k8s:unionMember
	Courier *Courier `json:"courier,omitempty"`
}

// Pickup at a counter.
type Pickup struct {
	// Counter number.
	Counter int32 `json:"counter"`
}

// Courier delivery.
type Courier struct {
	// Address to deliver to.
	Address string `json:"address"`

	// Speed of the delivery.
	// +optional
	Speed Speed `json:"speed,omitempty"`
}

// OrderStatus defines the observed state of Order.
type OrderStatus struct {
	// Phase of the order.
	// +optional
	Phase Phase `json:"phase,omitempty"`

	// Sizes served so far, by item name.
	// +optional
	Served map[string]Size `json:"served,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Order is the Schema for the orders API.
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   OrderSpec   `json:"spec,omitempty"`
	Status OrderStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// OrderList contains a list of Order.
type OrderList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Order `json:"items"`
}
